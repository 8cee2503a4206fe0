import type { BotTexts } from './types.js';

// Brazilian usage ("contatos", "você"): Telegram's own Portuguese is pt-BR.
export const pt: BotTexts = {
  templates: {
    welcome:
      '👋 Olá, {first_name}!\n\nEu ajudo você a encontrar contatos médicos por perto. Envie sua localização ou digite o nome de uma cidade.\n\n{searches_left}.',
    help:
      'ℹ️ <b>Como usar este bot</b>\n\n• Envie sua localização para ver os contatos médicos mais próximos.\n• Ou digite o nome de uma cidade, por exemplo <i>Porto</i>.\n• Ou um especialista com uma cidade: <i>dentista Porto</i>, ou /find dentista Porto.\n\nCada busca conta para o seu limite diário. {searches_left}.\n\nOs botões sob uma resposta (especialidade, «Aberto agora», «Mais resultados») são gratuitos durante 30 minutos; depois, cada toque conta como uma nova busca.',
    location_result: '📍 <b>Contatos médicos perto de {city}</b>: {count}\nBuscas restantes hoje: {remaining} de {daily_limit}.',
    master_of_medicine: '⭐ <b>Master of Medicine</b>: nossos especialistas de maior confiança perto de você.',
    location_confirmation: 'Você quis dizer <b>{city}</b>? Escolha o lugar perto do qual buscar:',
    error: '⚠️ {error_message}',
    rate_limit: '⏳ Desculpe, {first_name}, suas buscas de hoje acabaram. {searches_left}.',
    broadcast: '📢 Olá, {first_name}! Há novidades da equipe MedContacts.',
    custom: 'Obrigado, {first_name}! 💙',
  },
  refusals: {
    accessDenied: 'Este bot é apenas para membros dos nossos grupos parceiros. Peça a um administrador do grupo para adicionar você e tente novamente.',
    unauthorizedGroup: 'Este grupo não está autorizado a usar o bot. Peça à equipe do diretório para adicioná-lo.',
    groupPaused: 'O bot está pausado neste grupo no momento. Tente novamente mais tarde.',
    blocked: 'Você não pode mais usar este bot. Se acha que isso é um engano, fale com os administradores do grupo.',
    maintenance: 'O bot está em manutenção. Tente novamente daqui a pouco.',
    failure: 'Algo deu errado ao responder. Tente novamente em um minuto.',
    noResults: (radiusKm, place) =>
      `Nenhum contato médico foi encontrado num raio de ${radiusKm} km de ${place}. Tente uma localização mais perto de uma cidade.`,
    badLocation: 'Não foi possível ler essa localização. Envie-a novamente com 📎 → Localização.',
  },
  unavailable: 'O serviço está temporariamente indisponível, tente novamente em um minuto.',
  cancel: '✖ Cancelar',
  commands: {
    start: 'Começar e ver o que este bot faz',
    help: 'Como encontrar contatos médicos perto de você',
    language: 'Escolher o idioma das respostas',
  },
  languageChoice: {
    question: 'Em qual idioma devo responder?',
    chosen: 'Pronto: a partir de agora vou responder em português.',
  },
};
