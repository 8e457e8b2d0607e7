/** The sign-in, sign-up and password-reset screens' toasts. */
export const TOAST_MESSAGES = {
  errorTitle: 'Error',
  welcomeBack: 'Welcome back!',
  signUpFailed: (message: string) => `Sign up failed: ${message}`,
  confirmationCodeResent: 'Please check your email for the confirmation code.',
  resendCodeFailed: "Couldn't resend confirmation code.",
  googleLoginFailed: 'Google login failed',
  verificationFailedTitle: 'Verification Failed',
  verificationFailedDefault: 'There was a problem confirming your code.',
  resetFailedTitle: 'Reset Failed',
  resetFailedDefault: 'There was a problem with your request.',
  codeSentTitle: 'Code Sent',
  codeSentDescription: 'Please check your email for the reset code.',
  passwordUpdatedTitle: 'Success!',
  passwordUpdatedDescription: 'Password Updated.',
} as const;
