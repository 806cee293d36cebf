// No imports: `npm start`'s seed (Node) reads it too.

/**
 * The demo brand's RazorpayX account (`npm start`'s seed connects it): opened on first sight, since
 * the stand-in's memory does not outlive the local Worker.
 */
export const DEMO_RAZORPAYX = {
  KeyID: 'rzp_test_standin_demo',
  KeySecret: 'standin-demo-key-secret',
  AccountNumber: '2323230000000000',
  WebhookSecret: 'standin-demo-webhook',
} as const
