/** A product e-mail (an invitation, a waitlist admission): the outbox locally, Amazon SES on AWS. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What it is (the outbox page groups by it), e.g. `team-invitation`. */
  kind?: string;
  /** The code a person types (the outbox page shows it). */
  code?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
