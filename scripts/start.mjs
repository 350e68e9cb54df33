// `npm start`, once the build is made: the server as production runs it, with the payment sandbox on for the demo.
// NODE_ENV=production unless it is set: React and the other libraries that ship two builds choose one by NODE_ENV when
// they load (the development builds made a server-rendered page cost about three times the CPU), and the browser
// tests, the bench and Lighthouse all run the production builds. PAYMENT_SANDBOX=1 unless it is set: production turns
// the sandbox gateway off by default, and the demo pays through it (test card 4111 1111 1111 1111).
process.env.NODE_ENV ??= 'production';
process.env.PAYMENT_SANDBOX ??= '1';
await import('../dist/server/main.js');
