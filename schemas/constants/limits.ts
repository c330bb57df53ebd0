/** The loyalty code entry box of the widget accepts a little more than a valid code (spec §5). */
export const LOYALTY_CODE_INPUT_MAX = 18;
/** The referral certificate's 'From' name (spec §2, §5). */
export const REFERRAL_FROM_MAX = 24;
