/** The French texts of the emails a shopper receives (keys: en.ts). */
import type { EmailTexts } from './en';

export const EMAIL_FR: EmailTexts = {
  'order.name': 'Commande n° {number}',
  'order.checkoutName': 'Paiement {reference}',
  'order.confirmedSubject': '{order} confirmée',
  'order.receivedSubject': 'Nous traitons votre paiement (référence {reference})',
  'order.fulfilledSubject': '{order} expédiée',
  'order.cancelledSubject': '{order} annulée',
  'order.unpaidSubject': 'Votre paiement n’a pas abouti : aucune commande n’a été passée et rien n’a été débité',
  'order.refundedSubject': '{order} remboursée',
  'order.partlyRefundedSubject': '{order} remboursée en partie',
  'order.placedOn': 'Passée le {date}',
  'order.total': 'Total : {amount}',
  'order.giftCardPaid': 'Payé avec la carte cadeau {code} : {amount} ; reste sur la carte : {left}',
  'order.tracking': 'Numéro de suivi : {number}',
  'order.downloads': 'Téléchargez vos fichiers :',
  'order.downloadLimit': '({count} téléchargements, jusqu’au {date})',
  'order.subscriptionEach': '{terms} : {amount} à chaque fois.',
  'order.nextCharge': 'Prochain prélèvement : {date}.',
  'order.manageSubscription': 'Pour voir ou résilier votre abonnement : {link}',
  'order.refundedToCard': 'Remboursé sur votre carte : {amount}',
  'order.giftCardBack': 'Recrédité sur votre carte cadeau{code} : {amount}',
  'subscription.pausedSubject': 'Votre abonnement est en pause',
  'subscription.paused':
    'Votre abonnement à {title} est en pause. Vous ne serez pas débité tant que vous ne l’aurez pas repris.',
  'subscription.resumedSubject': 'Votre abonnement a repris',
  'subscription.resumed': 'Votre abonnement à {title} est de nouveau actif. Prochain prélèvement : {amount} le {date}.',
  'subscription.cancelledSubject': 'Votre abonnement est résilié',
  'subscription.cancelled': 'Votre abonnement à {title} est résilié. Vous ne serez plus débité.',
  'giftCard.sent': 'Carte cadeau de {amount} envoyée à {who}.',
  'giftCard.sentOn': 'Carte cadeau de {amount} envoyée à {who} le {date}.',
  'giftCard.willBeSentOn': 'Carte cadeau de {amount} qui sera envoyée à {who} le {date}.',
  'giftCard.sentToYou': 'vous (son code est dans un e-mail séparé)',
  'giftCard.yoursSubject': 'Votre carte cadeau',
  'giftCard.receivedSubject': 'Vous avez reçu une carte cadeau',
  'giftCard.hello': 'Bonjour {name},',
  'giftCard.yours': 'Voici votre carte cadeau d’une valeur de {amount}.',
  'giftCard.received': '{from} vous a offert une carte cadeau d’une valeur de {amount}.',
  'giftCard.theirMessage': 'Son message :',
  'giftCard.code': 'Code de la carte cadeau : {code}',
  'giftCard.useIt': 'Saisissez-le lors du paiement pour payer avec.',
  'subscription.renewalFailedSubject': 'Votre abonnement n’a pas pu être renouvelé',
  'subscription.renewalFailed':
    'Nous n’avons pas pu passer la prochaine commande de votre abonnement (commande {order}). Veuillez contacter la boutique.',
  'welcome.subject': 'Votre code de bienvenue pour {site}',
  'welcome.text':
    'Merci de votre inscription. Utilisez le code {code} lors du paiement pour obtenir {percent}\u00a0% de réduction sur votre première commande.',
  'account.verifySubject': 'Confirmez votre adresse e-mail pour {site}',
  'account.verify':
    'Bienvenue chez {site}.\n\nOuvrez ce lien pour confirmer votre adresse e-mail :\n{link}\n\nLe lien fonctionne une seule fois, pendant 24 heures. Si vous n’avez pas créé de compte, ignorez cet e-mail.\n',
  'account.resetSubject': 'Réinitialisez votre mot de passe pour {site}',
  'account.reset':
    'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte {site}.\n\nOuvrez ce lien pour choisir un nouveau mot de passe :\n{link}\n\nLe lien fonctionne une seule fois, pendant 1 heure. Un nouveau mot de passe vous déconnecte partout. Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.\n',
  'account.existingSubject': 'Vous avez déjà un compte chez {site}',
  'account.existing':
    'Quelqu’un a essayé de créer un compte {site} avec cette adresse e-mail, qui en a déjà un.\n\nConnectez-vous sur {origin}/account\nMot de passe oublié ? Demandez un lien de réinitialisation sur la même page.\n\nSi ce n’était pas vous, rien n’a changé et vous pouvez ignorer cet e-mail.\n',
};
