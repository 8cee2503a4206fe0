import type { LanguageCode } from './languages.js';

/** The specialties the bot knows by name in every language: the directory's usual English names. */
export const KNOWN_SPECIALTIES = [
  'General Practice', 'Pediatrics', 'Dentistry', 'Gynecology', 'Cardiology', 'Dermatology', 'Psychiatry', 'Orthopedics',
  'Emergency Medicine', 'Ophthalmology', 'Neurology', 'Otolaryngology', 'Physiotherapy', 'Endocrinology', 'Urology',
] as const;

export type KnownSpecialty = (typeof KNOWN_SPECIALTIES)[number];

/** How a known specialty is named to a user, as a department or a practice would sign it. */
export const SPECIALTY_NAMES: Record<LanguageCode, Record<KnownSpecialty, string>> = {
  en: {
    'General Practice': 'General Practice', Pediatrics: 'Pediatrics', Dentistry: 'Dentistry', Gynecology: 'Gynecology',
    Cardiology: 'Cardiology', Dermatology: 'Dermatology', Psychiatry: 'Psychiatry', Orthopedics: 'Orthopedics',
    'Emergency Medicine': 'Emergency Medicine', Ophthalmology: 'Ophthalmology', Neurology: 'Neurology',
    Otolaryngology: 'Otolaryngology', Physiotherapy: 'Physiotherapy', Endocrinology: 'Endocrinology', Urology: 'Urology',
  },
  uk: {
    'General Practice': 'Сімейна медицина', Pediatrics: 'Педіатрія', Dentistry: 'Стоматологія', Gynecology: 'Гінекологія',
    Cardiology: 'Кардіологія', Dermatology: 'Дерматологія', Psychiatry: 'Психіатрія', Orthopedics: 'Ортопедія',
    'Emergency Medicine': 'Невідкладна допомога', Ophthalmology: 'Офтальмологія', Neurology: 'Неврологія',
    Otolaryngology: 'Отоларингологія', Physiotherapy: 'Фізіотерапія', Endocrinology: 'Ендокринологія', Urology: 'Урологія',
  },
  pl: {
    'General Practice': 'Medycyna rodzinna', Pediatrics: 'Pediatria', Dentistry: 'Stomatologia', Gynecology: 'Ginekologia',
    Cardiology: 'Kardiologia', Dermatology: 'Dermatologia', Psychiatry: 'Psychiatria', Orthopedics: 'Ortopedia',
    'Emergency Medicine': 'Medycyna ratunkowa', Ophthalmology: 'Okulistyka', Neurology: 'Neurologia',
    Otolaryngology: 'Laryngologia', Physiotherapy: 'Fizjoterapia', Endocrinology: 'Endokrynologia', Urology: 'Urologia',
  },
  de: {
    'General Practice': 'Allgemeinmedizin', Pediatrics: 'Kinderheilkunde', Dentistry: 'Zahnmedizin', Gynecology: 'Gynäkologie',
    Cardiology: 'Kardiologie', Dermatology: 'Dermatologie', Psychiatry: 'Psychiatrie', Orthopedics: 'Orthopädie',
    'Emergency Medicine': 'Notfallmedizin', Ophthalmology: 'Augenheilkunde', Neurology: 'Neurologie',
    Otolaryngology: 'HNO-Heilkunde', Physiotherapy: 'Physiotherapie', Endocrinology: 'Endokrinologie', Urology: 'Urologie',
  },
  fr: {
    'General Practice': 'Médecine générale', Pediatrics: 'Pédiatrie', Dentistry: 'Chirurgie dentaire', Gynecology: 'Gynécologie',
    Cardiology: 'Cardiologie', Dermatology: 'Dermatologie', Psychiatry: 'Psychiatrie', Orthopedics: 'Orthopédie',
    'Emergency Medicine': 'Urgences', Ophthalmology: 'Ophtalmologie', Neurology: 'Neurologie',
    Otolaryngology: 'ORL', Physiotherapy: 'Kinésithérapie', Endocrinology: 'Endocrinologie', Urology: 'Urologie',
  },
  es: {
    'General Practice': 'Medicina general', Pediatrics: 'Pediatría', Dentistry: 'Odontología', Gynecology: 'Ginecología',
    Cardiology: 'Cardiología', Dermatology: 'Dermatología', Psychiatry: 'Psiquiatría', Orthopedics: 'Traumatología',
    'Emergency Medicine': 'Urgencias', Ophthalmology: 'Oftalmología', Neurology: 'Neurología',
    Otolaryngology: 'Otorrinolaringología', Physiotherapy: 'Fisioterapia', Endocrinology: 'Endocrinología', Urology: 'Urología',
  },
  it: {
    'General Practice': 'Medicina generale', Pediatrics: 'Pediatria', Dentistry: 'Odontoiatria', Gynecology: 'Ginecologia',
    Cardiology: 'Cardiologia', Dermatology: 'Dermatologia', Psychiatry: 'Psichiatria', Orthopedics: 'Ortopedia',
    'Emergency Medicine': 'Pronto soccorso', Ophthalmology: 'Oculistica', Neurology: 'Neurologia',
    Otolaryngology: 'Otorinolaringoiatria', Physiotherapy: 'Fisioterapia', Endocrinology: 'Endocrinologia', Urology: 'Urologia',
  },
  pt: {
    'General Practice': 'Clínica geral', Pediatrics: 'Pediatria', Dentistry: 'Odontologia', Gynecology: 'Ginecologia',
    Cardiology: 'Cardiologia', Dermatology: 'Dermatologia', Psychiatry: 'Psiquiatria', Orthopedics: 'Ortopedia',
    'Emergency Medicine': 'Urgência', Ophthalmology: 'Oftalmologia', Neurology: 'Neurologia',
    Otolaryngology: 'Otorrinolaringologia', Physiotherapy: 'Fisioterapia', Endocrinology: 'Endocrinologia', Urology: 'Urologia',
  },
};

/**
 * What people type for the known specialties besides their names, in each language the bot speaks:
 * the bot's search, the console's picker and the API's check all answer to them.
 */
export const SPECIALTY_SYNONYMS: Record<KnownSpecialty, readonly string[]> = {
  'General Practice': [
    'gp', 'general practitioner', 'family doctor', 'doctor',
    'терапевт', 'сімейний лікар', 'лікар',
    'lekarz rodzinny', 'internista', 'lekarz',
    'hausarzt', 'hausärztin', 'allgemeinmedizin', 'allgemeinarzt', 'arzt', 'ärztin',
    'médecin généraliste', 'généraliste', 'médecin traitant', 'médecin',
    'médico de cabecera', 'medicina general', 'médico general',
    'medico di base', 'medico di famiglia', 'medicina generale',
    'clínico geral', 'médico de família', 'medicina geral', 'médico',
  ],
  Pediatrics: [
    'paediatrics', 'pediatrician', 'paediatrician', 'children doctor',
    'педіатр', 'дитячий лікар',
    'pediatra', 'pediatria',
    'kinderarzt', 'kinderärztin', 'pädiatrie', 'pädiater',
    'pédiatre', 'pédiatrie',
    'pediatría',
  ],
  Dentistry: [
    'dentist', 'dental',
    'стоматолог', 'дантист', 'зубний лікар',
    'dentysta', 'stomatolog',
    'zahnarzt', 'zahnärztin', 'zahnmedizin',
    'dentiste',
    'dentista', 'odontólogo', 'odontología', 'odontoiatra', 'odontologia',
  ],
  Gynecology: [
    'gynaecology', 'gynecologist', 'gynaecologist', 'obgyn',
    'гінеколог',
    'ginekolog',
    'gynäkologe', 'gynäkologin', 'gynäkologie', 'frauenarzt', 'frauenärztin',
    'gynécologue', 'gynécologie',
    'ginecólogo', 'ginecóloga', 'ginecología', 'ginecologo', 'ginecologia', 'ginecologista',
  ],
  Cardiology: [
    'cardiologist',
    'кардіолог',
    'kardiolog', 'kardiologia',
    'kardiologe', 'kardiologie',
    'cardiologue', 'cardiologie',
    'cardiólogo', 'cardiología', 'cardiologo', 'cardiologia', 'cardiologista',
  ],
  Dermatology: [
    'dermatologist', 'skin doctor',
    'дерматолог',
    'dermatolog',
    'hautarzt', 'hautärztin', 'dermatologe',
    'dermatologue',
    'dermatólogo', 'dermatologo', 'dermatologista',
  ],
  Psychiatry: [
    'psychiatrist',
    'психіатр',
    'psychiatra',
    'psychiater', 'psychiatrie',
    'psychiatre',
    'psiquiatra', 'psiquiatría', 'psichiatra', 'psiquiatria',
  ],
  Orthopedics: [
    'orthopaedics', 'orthopedist', 'orthopaedist', 'orthopedic',
    'ортопед', 'травматолог',
    'ortopeda',
    'orthopäde', 'orthopädin', 'orthopädie',
    'orthopédiste', 'orthopédie',
    'ortopedista', 'traumatólogo', 'ortopedico', 'ortopedia',
  ],
  'Emergency Medicine': [
    'emergency', 'er', 'a&e', 'urgent care',
    'невідкладна допомога', 'травмпункт', 'швидка допомога',
    'pogotowie', 'sor',
    'notaufnahme', 'notarzt', 'notfall',
    'urgences',
    'urgencias',
    'pronto soccorso',
    'urgência', 'emergência', 'pronto-socorro',
  ],
  Ophthalmology: [
    'ophthalmologist', 'eye doctor',
    'офтальмолог', 'окуліст',
    'okulista',
    'augenarzt', 'augenärztin',
    'ophtalmologue', 'ophtalmo',
    'oftalmólogo', 'oculista', 'oftalmologo', 'oftalmologista',
  ],
  Neurology: [
    'neurologist',
    'невролог', 'невропатолог',
    'neurolog',
    'neurologe',
    'neurologue',
    'neurólogo', 'neurologo', 'neurologista',
  ],
  Otolaryngology: [
    'ent', 'otolaryngologist', 'ear nose throat',
    'лор', 'отоларинголог',
    'laryngolog', 'otolaryngolog',
    'hno', 'hno-arzt',
    'orl', 'oto-rhino',
    'otorrino', 'otorrinolaringólogo', 'otorino', 'otorinolaringoiatra', 'otorrinolaringologista',
  ],
  Physiotherapy: [
    'physio', 'physiotherapist', 'physical therapist',
    'фізіотерапевт', 'реабілітолог',
    'fizjoterapeuta',
    'physiotherapeut', 'krankengymnast',
    'kiné', 'kinésithérapeute',
    'fisioterapeuta', 'fisio', 'fisioterapista',
  ],
  Endocrinology: [
    'endocrinologist',
    'ендокринолог',
    'endokrynolog',
    'endokrinologe',
    'endocrinologue',
    'endocrinólogo', 'endocrinologo', 'endocrinologista',
  ],
  Urology: [
    'urologist',
    'уролог',
    'urolog',
    'urologe',
    'urologue',
    'urólogo', 'urologo', 'urologista',
  ],
};
