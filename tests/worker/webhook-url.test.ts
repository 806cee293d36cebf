// Which addresses a webhook may be sent to (decision 254): every block of IANA's IPv4 and IPv6
// special-purpose registries, multicast, every IPv6 address outside global unicast, names that
// carry an address or that no public resolver answers, and addresses with credentials.

import fc from 'fast-check'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { WEBHOOK_MESSAGES, type WebhookEndpointDTO } from '../../worker/contract/webhooks'
import { checkEndpointUrl, IPV4_SPECIAL, IPV6_SPECIAL, shownUrl } from '../../worker/domain/webhook-url'
import { call } from '../helpers/api'
import { makeVendor } from '../helpers/factories'

const production = { local: false }
const local = { local: true }
const refused = { ok: false, message: WEBHOOK_MESSAGES.urlPrivate }

describe('IPv4 special-purpose blocks', () => {
  const examples = [
    'https://100.64.0.1/hook', // shared address space (carrier-grade NAT)
    'https://100.127.255.254/hook',
    'https://198.18.0.1/hook', // benchmarking
    'https://198.19.255.255/hook',
    'https://192.0.0.9/hook', // IETF protocol assignments
    'https://192.0.2.10/hook', // TEST-NET-1
    'https://198.51.100.7/hook', // TEST-NET-2
    'https://203.0.113.5/hook', // TEST-NET-3
    'https://192.88.99.1/hook', // 6to4 relay anycast
    'https://192.31.196.1/hook',
    'https://192.52.193.1/hook',
    'https://192.175.48.1/hook',
    'https://224.0.0.1/hook', // multicast
    'https://239.255.255.250/hook',
    'https://240.0.0.1/hook', // reserved
    'https://255.255.255.255/hook', // limited broadcast
    'https://0.1.2.3/hook',
  ]
  it.each(examples)('refuses %s in production and in a local run', (url) => {
    expect(checkEndpointUrl(url, production)).toEqual(refused)
    expect(checkEndpointUrl(url, local)).toEqual(refused)
  })

  it('refuses any address inside any block of the registry', () => {
    const v4 = (text: string) => text.split('.').reduce((n, b) => n * 256 + Number(b), 0)
    const dotted = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.')
    const blocks = IPV4_SPECIAL.filter(([prefix]) => !prefix.startsWith('127.'))
    fc.assert(
      fc.property(fc.constantFrom(...blocks), fc.nat(), ([prefix, length], offset) => {
        const address = dotted(v4(prefix) + (offset % 2 ** (32 - length)))
        expect(checkEndpointUrl(`https://${address}/x`, local)).toEqual(refused)
      }),
      { numRuns: 500 },
    )
  })

  it('accepts public addresses just outside the blocks', () => {
    for (const address of ['100.63.255.255', '100.128.0.1', '198.17.255.255', '198.20.0.1', '223.255.255.254', '8.8.8.8', '1.1.1.1', '172.32.0.1']) {
      expect(checkEndpointUrl(`https://${address}/x`, production), address).toEqual({ ok: true, url: `https://${address}/x` })
    }
  })
})

describe('IPv6 special-purpose blocks and forms that carry an IPv4 address', () => {
  const examples = [
    'https://[64:ff9b::a00:1]/hook', // NAT64 of 10.0.0.1
    'https://[64:ff9b::808:808]/hook', // NAT64 of a public address: refused outright
    'https://[64:ff9b:1::1]/hook',
    'https://[2002:a00:1::1]/hook', // 6to4 of 10.0.0.1
    'https://[2002:808:808::1]/hook', // 6to4 of a public address: refused outright
    'https://[::ffff:0:a00:1]/hook', // IPv4-translated 10.0.0.1
    'https://[::ffff:0:808:808]/hook',
    'https://[::ffff:8.8.8.8]/hook', // IPv4-mapped, even of a public address
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::8.8.8.8]/hook', // IPv4-compatible (deprecated)
    'https://[fec0::1]/hook', // site-local (deprecated)
    'https://[ff02::1]/hook', // multicast
    'https://[ff0e::1]/hook',
    'https://[100::1]/hook', // discard-only
    'https://[2001::1]/hook', // TEREDO
    'https://[2001:2::1]/hook', // benchmarking
    'https://[2001:20::1]/hook', // ORCHIDv2
    'https://[2001:db8::1]/hook', // documentation
    'https://[3fff::1]/hook',
    'https://[5f00::1]/hook',
    'https://[2620:4f:8000::1]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[4000::1]/hook', // outside 2000::/3, not allocated
  ]
  it.each(examples)('refuses %s in production and in a local run', (url) => {
    expect(checkEndpointUrl(url, production)).toEqual(refused)
    expect(checkEndpointUrl(url, local)).toEqual(refused)
  })

  it('refuses any address inside any block of the registry', () => {
    const hex = (n: bigint) => {
      const groups: string[] = []
      for (let i = 7; i >= 0; i--) groups.push(((n >> BigInt(i * 16)) & 0xffffn).toString(16))
      return groups.join(':')
    }
    const value = (text: string) => {
      const [head, tail = ''] = text.split('::')
      const front = head ? head.split(':') : []
      const back = tail ? tail.split(':') : []
      const groups = [...front, ...new Array(8 - front.length - back.length).fill('0'), ...back]
      return groups.reduce((n, g) => (n << 16n) | BigInt(Number.parseInt(g, 16)), 0n)
    }
    const blocks = IPV6_SPECIAL.filter(([prefix]) => prefix !== '::1')
    fc.assert(
      fc.property(fc.constantFrom(...blocks), fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), ([prefix, length], offset) => {
        const address = hex(value(prefix) + (offset % (1n << BigInt(128 - length))))
        expect(checkEndpointUrl(`https://[${address}]/x`, local)).toEqual(refused)
      }),
      { numRuns: 500 },
    )
  })

  it('accepts global unicast addresses outside the blocks', () => {
    for (const address of ['2606:4700::1111', '2a00:1450:4001::200e', '2404:6800:4009::200e', '2001:4860:4860::8888']) {
      expect(checkEndpointUrl(`https://[${address}]/x`, production).ok, address).toBe(true)
    }
  })
})

describe('every entry of the registries, one address inside and one just outside', () => {
  // IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and updates, IPv6 as updated
  // in 2025), with their sub-entries, and the blocks of the address-space registries beside them.
  // `outside` is the nearest address past the entry's edge and whether a webhook may be sent there:
  // `false` where that neighbour is itself refused (inside a wider entry, multicast, or, for
  // IPv6, outside 2000::/3, the only global unicast allocation). Sub-entries of a wider entry have
  // no neighbour of their own to check.
  type Row = [entry: string, inside: string, outside: [address: string, allowed: boolean] | null]
  const V4: Row[] = [
    ['0.0.0.0/8 "This network"', '0.255.255.255', ['1.0.0.0', true]],
    ['0.0.0.0/32 "This host on this network"', '0.0.0.0', null],
    ['10.0.0.0/8 Private-Use', '10.255.255.255', ['11.0.0.0', true]],
    ['100.64.0.0/10 Shared Address Space', '100.64.0.0', ['100.63.255.255', true]],
    ['100.64.0.0/10 Shared Address Space, upper edge', '100.127.255.255', ['100.128.0.0', true]],
    ['127.0.0.0/8 Loopback', '127.255.255.254', ['128.0.0.0', true]],
    ['169.254.0.0/16 Link Local', '169.254.169.254', ['169.255.0.0', true]],
    ['172.16.0.0/12 Private-Use', '172.31.255.255', ['172.32.0.0', true]],
    ['192.0.0.0/24 IETF Protocol Assignments', '192.0.0.255', ['192.0.1.0', true]],
    ['192.0.0.0/29 DS-Lite', '192.0.0.7', null],
    ['192.0.0.8/32 IPv4 dummy address', '192.0.0.8', null],
    ['192.0.0.9/32 Port Control Protocol Anycast', '192.0.0.9', null],
    ['192.0.0.10/32 Traversal Using Relays around NAT Anycast', '192.0.0.10', null],
    ['192.0.0.170/32 NAT64/DNS64 Discovery', '192.0.0.170', null],
    ['192.0.0.171/32 NAT64/DNS64 Discovery', '192.0.0.171', null],
    ['192.0.2.0/24 Documentation (TEST-NET-1)', '192.0.2.1', ['192.0.3.0', true]],
    ['192.31.196.0/24 AS112-v4', '192.31.196.1', ['192.31.197.0', true]],
    ['192.52.193.0/24 AMT', '192.52.193.1', ['192.52.194.0', true]],
    ['192.88.99.0/24 Deprecated (6to4 Relay Anycast)', '192.88.99.1', ['192.88.100.0', true]],
    ['192.168.0.0/16 Private-Use', '192.168.1.1', ['192.169.0.0', true]],
    ['192.175.48.0/24 Direct Delegation AS112 Service', '192.175.48.1', ['192.175.49.0', true]],
    ['198.18.0.0/15 Benchmarking', '198.19.255.255', ['198.20.0.0', true]],
    ['198.18.0.0/15 Benchmarking, lower edge', '198.18.0.0', ['198.17.255.255', true]],
    ['198.51.100.0/24 Documentation (TEST-NET-2)', '198.51.100.7', ['198.51.101.0', true]],
    ['203.0.113.0/24 Documentation (TEST-NET-3)', '203.0.113.5', ['203.0.114.0', true]],
    ['224.0.0.0/4 Multicast (IPv4 Multicast Address Space Registry)', '224.0.0.1', ['223.255.255.255', true]],
    ['240.0.0.0/4 Reserved', '240.0.0.1', ['239.255.255.255', false]],
    ['255.255.255.255/32 Limited Broadcast', '255.255.255.255', null],
  ]
  const V6: Row[] = [
    ['::1/128 Loopback Address', '::1', ['::2', false]],
    ['::/128 Unspecified Address', '::', null],
    ['::ffff:0:0/96 IPv4-mapped Address', '::ffff:8.8.8.8', ['::1:0:0:0', false]],
    ['64:ff9b::/96 IPv4-IPv6 Translat.', '64:ff9b::808:808', ['64:ff9b::1:0:0', false]],
    ['64:ff9b:1::/48 IPv4-IPv6 Translat. (local use)', '64:ff9b:1:ffff::1', ['64:ff9b:2::1', false]],
    ['100::/64 Discard-Only Address Block', '100::1', null],
    ['100:0:0:1::/64 Dummy IPv6 Prefix', '100:0:0:1::1', ['100:0:0:2::1', false]],
    ['2001::/23 IETF Protocol Assignments', '2001:1ff:ffff::1', ['2001:200::1', true]],
    ['2001::/32 TEREDO', '2001:0:ffff::1', null],
    ['2001:1::1/128 Port Control Protocol Anycast', '2001:1::1', null],
    ['2001:1::2/128 Traversal Using Relays around NAT Anycast', '2001:1::2', null],
    ['2001:1::3/128 DNS-SD Service Registration Protocol Anycast', '2001:1::3', null],
    ['2001:2::/48 Benchmarking', '2001:2::1', null],
    ['2001:3::/32 AMT', '2001:3::1', null],
    ['2001:4:112::/48 AS112-v6', '2001:4:112::1', null],
    ['2001:10::/28 Deprecated (previously ORCHID)', '2001:10::1', null],
    ['2001:20::/28 ORCHIDv2', '2001:2f::1', null],
    ['2001:30::/28 Drone Remote ID Protocol Entity Tags (DETs) Prefix', '2001:30::1', null],
    ['2001:db8::/32 Documentation', '2001:db8:ffff::1', ['2001:db9::1', true]],
    ['2002::/16 6to4', '2002:ffff::1', ['2003::1', true]],
    ['2620:4f:8000::/48 Direct Delegation AS112 Service', '2620:4f:8000::1', ['2620:4f:8001::1', true]],
    ['3fff::/20 Documentation', '3fff:fff::1', ['3fff:1000::1', true]],
    ['5f00::/16 Segment Routing (SRv6) SIDs', '5f00::1', ['5f01::1', false]],
    ['fc00::/7 Unique-Local', 'fdff::1', ['fe00::1', false]],
    ['fe80::/10 Link-Local Unicast', 'febf::1', ['fec0::1', false]],
    ['fec0::/10 Site-local (deprecated, IPv6 Address Space Registry)', 'fec0::1', null],
    ['ff00::/8 Multicast (IPv6 Address Space Registry)', 'ff02::1', null],
    ['::/96 IPv4-compatible (deprecated, RFC 4291)', '::8.8.8.8', null],
    ['::ffff:0:0:0/96 IPv4-translated (RFC 2765)', '::ffff:0:808:808', null],
  ]
  const verdict = (url: string) => checkEndpointUrl(url, production)
  const ok = (url: string) => ({ ok: true, url })

  it.each(V4)('IPv4 %s', (_, inside, outside) => {
    expect(verdict(`https://${inside}/x`)).toEqual(refused)
    if (outside) expect(verdict(`https://${outside[0]}/x`)).toEqual(outside[1] ? ok(`https://${outside[0]}/x`) : refused)
  })

  it.each(V6)('IPv6 %s', (_, inside, outside) => {
    expect(verdict(`https://[${inside}]/x`)).toEqual(refused)
    if (outside) expect(verdict(`https://[${outside[0]}]/x`).ok).toBe(outside[1])
  })
})

describe('names', () => {
  const names = [
    'https://127.0.0.1.nip.io/hook',
    'https://10.0.0.1.nip.io/hook',
    'https://app.10.0.0.1.example.com/hook',
    'https://10-0-0-1.sslip.io/hook',
    'https://app-169-254-169-254.example.com/hook',
    'https://7f000001.nip.io/hook',
    'https://anything.sslip.io/hook',
    'https://xip.io/hook',
    'https://api.localtest.me/hook',
    'https://lvh.me/hook',
    'https://printer.local/hook',
    'https://hooks.internal/hook',
    'https://router.home.arpa/hook',
    'https://1.0.0.127.in-addr.arpa/hook',
    'https://shop.test/hook',
    'https://hooks.example/hook',
    'https://site.invalid/hook',
    'https://abc.onion/hook',
    'https://intranet/hook',
  ]
  it.each(names)('refuses %s in production and in a local run', (url) => {
    expect(checkEndpointUrl(url, production)).toEqual(refused)
    expect(checkEndpointUrl(url, local)).toEqual(refused)
  })

  it('accepts ordinary names, digits in them included', () => {
    for (const url of [
      'https://hooks.example.com/x',
      'https://api.shop-2024.in/x',
      'https://v2.hooks.zapier.com/x',
      'https://10x.dev/x',
      'https://1-800-flowers.com/x',
    ]) {
      expect(checkEndpointUrl(url, production).ok, url).toBe(true)
    }
  })
})

describe('credentials in the address', () => {
  it('refuses an address with a user name or password', () => {
    for (const url of ['https://user:pass@hooks.example.com/x', 'https://token@hooks.example.com/x', 'https://:secret@hooks.example.com/x']) {
      expect(checkEndpointUrl(url, production)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlCredentials })
    }
  })

  it('refuses it through the API', async () => {
    const vendor = await makeVendor()
    const res = await call('POST', '/api/webhooks/endpoints', {
      token: vendor.token,
      json: { url: 'https://shop:hunter2@hooks.example.com/x', events: ['lead.created'] },
    })
    expect([res.status, res.body.message]).toEqual([400, WEBHOOK_MESSAGES.urlCredentials])
  })

  it('never shows back the credentials of an endpoint stored before they were refused', async () => {
    const vendor = await makeVendor()
    await env.DB.prepare(
      "INSERT INTO webhook_endpoints (VendorID, url, description, events, secretSealed, createdAt) VALUES (?, 'https://shop:hunter2@hooks.example.com/x', '', '[\"lead.created\"]', 'sealed', ?)",
    )
      .bind(vendor.id, new Date().toISOString())
      .run()
    const list = await call<WebhookEndpointDTO[]>('GET', '/api/webhooks/endpoints', { token: vendor.token })
    expect(list.status).toBe(200)
    expect(list.body.data.map((e) => e.url)).toEqual(['https://hooks.example.com/x'])
    expect(JSON.stringify(list.body)).not.toContain('hunter2')
    expect(shownUrl('https://a:b@hooks.example.com/x?q=1')).toBe('https://hooks.example.com/x?q=1')
  })
})
