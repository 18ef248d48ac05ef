import type { REPORT_REASONS } from '@/lib/reviews/review-input';

/** A report's reason as the person reporting and the moderators read it. */
export const REPORT_REASON_WORDS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or hateful',
  not_about_this_place: 'Not about this place',
  private_information: 'Private information (a phone number, an address, a name)',
  other: 'Something else',
};

export const reportReasonWords = (reason: string) => REPORT_REASON_WORDS[reason as keyof typeof REPORT_REASON_WORDS] ?? reason;
