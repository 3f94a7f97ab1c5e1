/** The Spanish texts of the emails a shopper receives (keys: en.ts). */
import type { EmailTexts } from './en';

export const EMAIL_ES: EmailTexts = {
  'order.name': 'Pedido n.º {number}',
  'order.checkoutName': 'Pago {reference}',
  'order.confirmedSubject': '{order} confirmado',
  'order.receivedSubject': 'Estamos procesando tu pago (referencia {reference})',
  'order.fulfilledSubject': '{order} enviado',
  'order.cancelledSubject': '{order} cancelado',
  'order.unpaidSubject': 'Tu pago no se completó: no se realizó ningún pedido y no se te cobró nada',
  'order.refundedSubject': '{order} reembolsado',
  'order.partlyRefundedSubject': '{order} reembolsado en parte',
  'order.placedOn': 'Realizado el {date}',
  'order.total': 'Total: {amount}',
  'order.giftCardPaid': 'Pagado con la tarjeta regalo {code}: {amount}; saldo restante: {left}',
  'order.tracking': 'Número de seguimiento: {number}',
  'order.downloads': 'Descarga tus archivos:',
  'order.downloadLimit': '({count} descargas, hasta el {date})',
  'order.subscriptionEach': '{terms}: {amount} cada vez.',
  'order.nextCharge': 'Próximo cobro: {date}.',
  'order.manageSubscription': 'Para ver o cancelar tu suscripción: {link}',
  'order.refundedToCard': 'Reembolsado a tu tarjeta: {amount}',
  'order.giftCardBack': 'Devuelto a tu tarjeta regalo{code}: {amount}',
  'subscription.pausedSubject': 'Tu suscripción está en pausa',
  'subscription.paused': 'Tu suscripción a {title} está en pausa. No se te cobrará hasta que la reanudes.',
  'subscription.resumedSubject': 'Tu suscripción se ha reanudado',
  'subscription.resumed': 'Tu suscripción a {title} vuelve a estar activa. Próximo cobro: {amount} el {date}.',
  'subscription.cancelledSubject': 'Tu suscripción está cancelada',
  'subscription.cancelled': 'Tu suscripción a {title} está cancelada. No se te volverá a cobrar.',
  'account.verifySubject': 'Confirma tu correo electrónico para {site}',
  'account.verify':
    'Te damos la bienvenida a {site}.\n\nAbre este enlace para confirmar tu dirección de correo electrónico:\n{link}\n\nEl enlace funciona una vez, durante 24 horas. Si no has creado una cuenta, ignora este correo.\n',
  'account.resetSubject': 'Restablece tu contraseña de {site}',
  'account.reset':
    'Alguien ha pedido restablecer la contraseña de tu cuenta de {site}.\n\nAbre este enlace para elegir una nueva contraseña:\n{link}\n\nEl enlace funciona una vez, durante 1 hora. Una nueva contraseña cierra tu sesión en todas partes. Si no lo has pedido, ignora este correo: tu contraseña no cambia.\n',
  'account.existingSubject': 'Ya tienes una cuenta en {site}',
  'account.existing':
    'Alguien ha intentado crear una cuenta de {site} con este correo electrónico, que ya tiene una.\n\nInicia sesión en {origin}/account\n¿Has olvidado tu contraseña? Pide un enlace para restablecerla en la misma página.\n\nSi no has sido tú, no ha cambiado nada y puedes ignorar este correo.\n',
};
