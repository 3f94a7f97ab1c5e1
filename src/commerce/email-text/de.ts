/** The German texts of the emails a shopper receives (keys: en.ts). */
import type { EmailTexts } from './en';

export const EMAIL_DE: EmailTexts = {
  'order.name': 'Bestellung Nr. {number}',
  'order.checkoutName': 'Bezahlvorgang {reference}',
  'order.confirmedSubject': '{order} bestätigt',
  'order.receivedSubject': 'Wir bearbeiten Ihre Zahlung (Referenz {reference})',
  'order.fulfilledSubject': '{order} wurde versandt',
  'order.cancelledSubject': '{order} storniert',
  'order.unpaidSubject':
    'Ihre Zahlung wurde nicht abgeschlossen: Es wurde keine Bestellung aufgegeben und nichts berechnet',
  'order.refundedSubject': '{order} erstattet',
  'order.partlyRefundedSubject': '{order} teilweise erstattet',
  'order.placedOn': 'Aufgegeben am {date}',
  'order.total': 'Gesamt: {amount}',
  'order.giftCardPaid': 'Bezahlt mit Geschenkkarte {code}: {amount}; Restguthaben: {left}',
  'order.tracking': 'Sendungsnummer: {number}',
  'order.downloads': 'Laden Sie Ihre Dateien herunter:',
  'order.downloadLimit': '({count} Downloads, bis {date})',
  'order.subscriptionEach': '{terms}: jeweils {amount}.',
  'order.nextCharge': 'Nächste Abbuchung: {date}.',
  'order.manageSubscription': 'Ihr Abonnement ansehen oder kündigen: {link}',
  'order.refundedToCard': 'Auf Ihre Karte erstattet: {amount}',
  'order.giftCardBack': 'Zurück auf Ihre Geschenkkarte{code}: {amount}',
  'subscription.pausedSubject': 'Ihr Abonnement ist pausiert',
  'subscription.paused': 'Ihr Abonnement für {title} ist pausiert. Bis Sie es fortsetzen, wird Ihnen nichts berechnet.',
  'subscription.resumedSubject': 'Ihr Abonnement läuft wieder',
  'subscription.resumed': 'Ihr Abonnement für {title} ist wieder aktiv. Nächste Abbuchung: {amount} am {date}.',
  'subscription.cancelledSubject': 'Ihr Abonnement ist gekündigt',
  'subscription.cancelled': 'Ihr Abonnement für {title} ist gekündigt. Ihnen wird nichts mehr berechnet.',
  'giftCard.sent': 'Geschenkkarte über {amount} an {who} gesendet.',
  'giftCard.sentOn': 'Geschenkkarte über {amount} am {date} an {who} gesendet.',
  'giftCard.willBeSentOn': 'Geschenkkarte über {amount} wird am {date} an {who} gesendet.',
  'giftCard.sentToYou': 'Sie (ihr Code kommt in einer eigenen E-Mail)',
  'giftCard.yoursSubject': 'Ihre Geschenkkarte',
  'giftCard.receivedSubject': 'Sie haben eine Geschenkkarte erhalten',
  'giftCard.hello': 'Hallo {name},',
  'giftCard.yours': 'Hier ist Ihre Geschenkkarte im Wert von {amount}.',
  'giftCard.received': '{from} hat Ihnen eine Geschenkkarte im Wert von {amount} geschickt.',
  'giftCard.theirMessage': 'Die Nachricht dazu:',
  'giftCard.code': 'Code der Geschenkkarte: {code}',
  'giftCard.useIt': 'Geben Sie ihn beim Bezahlen ein, um damit zu bezahlen.',
  'subscription.renewalFailedSubject': 'Ihr Abonnement konnte nicht verlängert werden',
  'subscription.renewalFailed':
    'Wir konnten die nächste Bestellung Ihres Abonnements nicht aufgeben (Bestellung {order}). Bitte wenden Sie sich an den Shop.',
  'welcome.subject': 'Ihr Willkommenscode für {site}',
  'welcome.text':
    'Danke für Ihre Anmeldung. Mit dem Code {code} erhalten Sie beim Bezahlen {percent}\u00a0% Rabatt auf Ihre erste Bestellung.',
  'account.verifySubject': 'Bestätigen Sie Ihre E-Mail-Adresse für {site}',
  'account.verify':
    'Willkommen bei {site}.\n\nÖffnen Sie diesen Link, um Ihre E-Mail-Adresse zu bestätigen:\n{link}\n\nDer Link funktioniert einmal, 24 Stunden lang. Wenn Sie kein Konto erstellt haben, ignorieren Sie diese E-Mail.\n',
  'account.resetSubject': 'Setzen Sie Ihr Passwort für {site} zurück',
  'account.reset':
    'Jemand möchte das Passwort Ihres Kontos bei {site} zurücksetzen.\n\nÖffnen Sie diesen Link, um ein neues Passwort zu wählen:\n{link}\n\nDer Link funktioniert einmal, 1 Stunde lang. Ein neues Passwort meldet Sie überall ab. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.\n',
  'account.existingSubject': 'Sie haben bereits ein Konto bei {site}',
  'account.existing':
    'Jemand hat versucht, mit dieser E-Mail-Adresse ein Konto bei {site} zu erstellen. Sie hat bereits eines.\n\nMelden Sie sich an unter {origin}/account\nPasswort vergessen? Fordern Sie auf derselben Seite einen Link zum Zurücksetzen an.\n\nWenn Sie das nicht waren, hat sich nichts geändert und Sie können diese E-Mail ignorieren.\n',
};
