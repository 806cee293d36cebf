// Where each app takes a shared post: the dashboard's share dialog (web/src/lib/share.ts) and the
// public storefront's share links (worker/html/storefront.ts) build the same addresses.

export type ShareTarget = { name: 'WhatsApp' | 'Telegram' | 'X' | 'Facebook'; href: string }

/** Where each app takes a post: the whole text where the app keeps it, the link alone where it only takes one. */
export function shareTargets(text: string, link: string): ShareTarget[] {
  const q = encodeURIComponent
  const withoutLink = text.endsWith(link) ? text.slice(0, text.length - link.length).replace(/:\s*$/, '') : text
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${q(text)}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${q(link)}&text=${q(withoutLink)}` },
    { name: 'X', href: `https://x.com/intent/post?text=${q(text)}` },
    // Facebook's sharer takes only the address; the post text comes from the link's preview.
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${q(link)}` },
  ]
}
