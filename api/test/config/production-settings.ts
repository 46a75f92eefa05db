/**
 * Settings with which a production start is accepted (every development part replaced): the base
 * of the tests that change one setting of a production configuration.
 */
export const PRODUCTION_SETTINGS = {
  PORTAL_ENV: 'production',
  DATABASE_URL: 'postgres://portal@db.internal:5432/portal',
  SMTP_URL: 'smtps://mailer@smtp.internal:465',
  PORTAL_URL: 'https://portal.example.lv',
  OIDC_ISSUER: 'https://login.example.lv/realms/post',
  OIDC_CLIENT_ID: 'self-service-portal',
  BOT_CHECK_SECRET: 'k3Jd9Qz0vR7mW2xL5pN8tB4yH6cF1aGs',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_51AbCdEf',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_signing',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'twilio-auth-token-value',
  TWILIO_FROM: 'Pasts',
  PHONE_CODE_SECRET: 'Zr8Lq2Wm5Xp9Ct3Vb7Nk1Hd4Fg6Js0Ya',
  HANDOVER_SECRET: 'Hv4Tq8Lm2Zx6Rw0Np3Kc9Bd5Gy7Fs1Ja',
};
