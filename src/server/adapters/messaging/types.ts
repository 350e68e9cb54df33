// The outside services that carry messages to passengers: SMS (the OTP codes of spec 4, 9) and e-mail. Each has a
// real implementation and the built-in outbox default (outbox.ts), chosen by messaging.ts from the environment.

export interface SmsSender {
  /** Sends `text` to a normalised Vietnamese phone (spec 5: 0 + 9 digits). Rejects when the message was not accepted. */
  send(phone: string, text: string): Promise<void>;
}

export interface Mailer {
  send(to: string, subject: string, text: string): Promise<void>;
}

export interface Messaging {
  sms: SmsSender;
  mailer: Mailer;
}
