import type { LanguageCode } from '../../api/contract/languages.js';

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
