/**
 * The English texts of the emails a shopper receives (src/commerce/email-text.ts), the keys of the email catalogue;
 * French, German and Spanish beside it. `{name}` places are filled when the email is written.
 */
import { SUBSCRIPTION_MESSAGES } from '../subscriptions';

export const EMAIL_EN = {
  'order.name': 'Order #{number}',
  'order.checkoutName': 'Checkout {reference}',
  'order.confirmedSubject': '{order} confirmed',
  'order.receivedSubject': 'We are processing your payment (reference {reference})',
  'order.fulfilledSubject': '{order} has shipped',
  'order.cancelledSubject': '{order} cancelled',
  'order.unpaidSubject': 'Your payment was not completed, so no order was placed and nothing was charged',
  'order.refundedSubject': '{order} refunded',
  'order.partlyRefundedSubject': '{order} partially refunded',
  'order.placedOn': 'Placed on {date}',
  'order.total': 'Total: {amount}',
  'order.giftCardPaid': 'Paid with gift card {code}: {amount}; left on the card: {left}',
  'order.tracking': 'Tracking number: {number}',
  'order.downloads': 'Download your files:',
  'order.downloadLimit': '({count} downloads, until {date})',
  'order.subscriptionEach': '{terms}: {amount} each time.',
  'order.nextCharge': 'Next charge: {date}.',
  'order.manageSubscription': 'To see or cancel your subscription: {link}',
  'order.refundedToCard': 'Refunded to your card: {amount}',
  'order.giftCardBack': 'Put back on your gift card{code}: {amount}',
  'subscription.pausedSubject': 'Your subscription is paused',
  'subscription.paused': 'Your subscription to {title} is paused. You will not be charged until you resume it.',
  'subscription.resumedSubject': 'Your subscription is resumed',
  'subscription.resumed': 'Your subscription to {title} is active again. Next charge: {amount} on {date}.',
  'subscription.cancelledSubject': SUBSCRIPTION_MESSAGES.cancelledSubject,
  'subscription.cancelled': 'Your subscription to {title} is cancelled. You will not be charged again.',
  'giftCard.sent': 'Gift card of {amount} sent to {who}.',
  'giftCard.sentOn': 'Gift card of {amount} sent to {who} on {date}.',
  'giftCard.willBeSentOn': 'Gift card of {amount} will be sent to {who} on {date}.',
  'giftCard.sentToYou': 'you (its code is in a separate email)',
  'giftCard.yoursSubject': 'Your gift card',
  'giftCard.receivedSubject': 'You received a gift card',
  'giftCard.hello': 'Hello {name},',
  'giftCard.yours': 'Here is your gift card worth {amount}.',
  'giftCard.received': '{from} sent you a gift card worth {amount}.',
  'giftCard.theirMessage': 'Their message:',
  'giftCard.code': 'Gift card code: {code}',
  'giftCard.useIt': 'Enter it at checkout to pay with it.',
  'subscription.renewalFailedSubject': 'Your subscription could not be renewed',
  'subscription.renewalFailed':
    'We could not place the next order of your subscription (order {order}). Please contact the store.',
  'welcome.subject': 'Your welcome code for {site}',
  'welcome.text': 'Thank you for signing up. Use the code {code} at checkout for {percent}% off your first order.',
  'account.verifySubject': 'Verify your email for {site}',
  'account.verify':
    'Welcome to {site}.\n\nOpen this link to verify your email address:\n{link}\n\nThe link works once, for 24 hours. If you did not create an account, ignore this email.\n',
  'account.resetSubject': 'Reset your password for {site}',
  'account.reset':
    'Someone asked to reset the password of your {site} account.\n\nOpen this link to choose a new password:\n{link}\n\nThe link works once, for 1 hour. Setting a new password signs you out everywhere. If you did not ask for this, ignore this email: your password stays as it is.\n',
  'account.existingSubject': 'You already have an account with {site}',
  'account.existing':
    'Someone tried to create a {site} account with this email, which already has one.\n\nSign in at {origin}/account\nForgot your password? Ask for a reset link on the same page.\n\nIf this was not you, nothing has changed and you can ignore this email.\n',
} as const;

export type EmailKey = keyof typeof EMAIL_EN;
export type EmailTexts = Readonly<Record<EmailKey, string>>;
