import type { BotTexts } from './types.js';

export const es: BotTexts = {
  templates: {
    welcome:
      '👋 ¡Hola, {first_name}!\n\nLe ayudo a encontrar contactos médicos cerca de usted. Envíeme su ubicación o escriba el nombre de una ciudad.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Cómo usar este bot</b>\n\n• Envíe su ubicación para ver los contactos médicos más cercanos.\n• O escriba el nombre de una ciudad, por ejemplo <i>Madrid</i>.\n• O un especialista con una ciudad: <i>dentista Madrid</i>, o /find dentista Madrid.\n\nCada búsqueda cuenta para su límite diario. {searches_left}.\n\nLos botones bajo una respuesta (especialidad, «Abierto ahora», «Más resultados») son gratis durante 30 minutos; después, cada pulsación cuenta como una búsqueda nueva.',
    location_result: '📍 <b>Contactos médicos cerca de {city}</b>: {count}\nBúsquedas restantes hoy: {remaining} de {daily_limit}.',
    master_of_medicine: '⭐ <b>Master of Medicine</b>: nuestros especialistas de mayor confianza cerca de usted.',
    location_confirmation: '¿Se refiere a <b>{city}</b>? Elija el lugar cerca del cual buscar:',
    error: '⚠️ {error_message}',
    rate_limit: '⏳ Lo sentimos, {first_name}, ha agotado sus búsquedas. {searches_left}.',
    broadcast: '📢 ¡Hola, {first_name}! Hay novedades del equipo de MedContacts.',
    custom: '¡Gracias, {first_name}! 💙',
  },
  refusals: {
    accessDenied: 'Este bot es solo para miembros de nuestros grupos asociados. Pida a un administrador del grupo que le añada y vuelva a intentarlo.',
    unauthorizedGroup: 'Este grupo no está autorizado para usar el bot. Pida al equipo del directorio que lo añada.',
    groupPaused: 'El bot está en pausa en este grupo por ahora. Vuelva a intentarlo más tarde.',
    blocked: 'Ya no puede usar este bot. Si cree que se trata de un error, póngase en contacto con los administradores del grupo.',
    maintenance: 'El bot está en mantenimiento. Vuelva a intentarlo un poco más tarde.',
    failure: 'Algo ha fallado al responder. Vuelva a intentarlo dentro de un minuto.',
    noResults: (radiusKm, place) =>
      `No se han encontrado contactos médicos en un radio de ${radiusKm} km de ${place}. Pruebe con una ubicación más cercana a una población.`,
    badLocation: 'No se ha podido leer esa ubicación. Envíela de nuevo con 📎 → Ubicación.',
  },
  unavailable: 'El servicio no está disponible temporalmente, inténtelo de nuevo en un minuto.',
  cancel: '✖ Cancelar',
  commands: {
    start: 'Empezar y ver qué hace este bot',
    help: 'Cómo encontrar contactos médicos cerca de usted',
    language: 'Elegir el idioma de las respuestas',
  },
  languageChoice: {
    question: '¿En qué idioma quiere que le responda?',
    chosen: 'Hecho: a partir de ahora le responderé en español.',
  },
};
