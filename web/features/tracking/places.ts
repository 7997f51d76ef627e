// Indian states and the cities shipments pass through, in Hindi.
import type { Lang } from './messages';

export const STATE_HI: Readonly<Record<string, string>> = Object.freeze({
  'Andaman and Nicobar Islands': 'अंडमान और निकोबार द्वीपसमूह',
  'Andhra Pradesh': 'आंध्र प्रदेश',
  'Arunachal Pradesh': 'अरुणाचल प्रदेश',
  Assam: 'असम',
  Bihar: 'बिहार',
  Chandigarh: 'चंडीगढ़',
  Chhattisgarh: 'छत्तीसगढ़',
  'Dadra and Nagar Haveli and Daman and Diu': 'दादरा और नगर हवेली और दमन और दीव',
  Delhi: 'दिल्ली',
  Goa: 'गोवा',
  Gujarat: 'गुजरात',
  Haryana: 'हरियाणा',
  'Himachal Pradesh': 'हिमाचल प्रदेश',
  'Jammu and Kashmir': 'जम्मू और कश्मीर',
  Jharkhand: 'झारखंड',
  Karnataka: 'कर्नाटक',
  Kerala: 'केरल',
  Ladakh: 'लद्दाख',
  Lakshadweep: 'लक्षद्वीप',
  'Madhya Pradesh': 'मध्य प्रदेश',
  Maharashtra: 'महाराष्ट्र',
  Manipur: 'मणिपुर',
  Meghalaya: 'मेघालय',
  Mizoram: 'मिज़ोरम',
  Nagaland: 'नागालैंड',
  Odisha: 'ओडिशा',
  Puducherry: 'पुदुचेरी',
  Punjab: 'पंजाब',
  Rajasthan: 'राजस्थान',
  Sikkim: 'सिक्किम',
  'Tamil Nadu': 'तमिलनाडु',
  Telangana: 'तेलंगाना',
  Tripura: 'त्रिपुरा',
  'Uttar Pradesh': 'उत्तर प्रदेश',
  Uttarakhand: 'उत्तराखंड',
  'West Bengal': 'पश्चिम बंगाल',
});

export const CITY_HI: Readonly<Record<string, string>> = Object.freeze({
  Ahmedabad: 'अहमदाबाद',
  Bengaluru: 'बेंगलुरु',
  Bhiwandi: 'भिवंडी',
  Bhopal: 'भोपाल',
  Bhubaneswar: 'भुवनेश्वर',
  Chandigarh: 'चंडीगढ़',
  Chennai: 'चेन्नई',
  Coimbatore: 'कोयंबटूर',
  Dehradun: 'देहरादून',
  Delhi: 'दिल्ली',
  Gurugram: 'गुरुग्राम',
  Guwahati: 'गुवाहाटी',
  Hoskote: 'होसकोटे',
  Hyderabad: 'हैदराबाद',
  Indore: 'इंदौर',
  Jaipur: 'जयपुर',
  Kochi: 'कोच्चि',
  Kolkata: 'कोलकाता',
  Lucknow: 'लखनऊ',
  Ludhiana: 'लुधियाना',
  Mumbai: 'मुंबई',
  Mysuru: 'मैसूरु',
  Nagpur: 'नागपुर',
  'New Delhi': 'नई दिल्ली',
  Noida: 'नोएडा',
  Panaji: 'पणजी',
  Patna: 'पटना',
  Pune: 'पुणे',
  Ranchi: 'रांची',
  Srinagar: 'श्रीनगर',
  Surat: 'सूरत',
  Thane: 'ठाणे',
  Visakhapatnam: 'विशाखापत्तनम',
  Vijayawada: 'विजयवाड़ा',
  Varanasi: 'वाराणसी',
  Kanpur: 'कानपुर',
  Agra: 'आगरा',
  Vadodara: 'वडोदरा',
  Nashik: 'नासिक',
  Raipur: 'रायपुर',
  Madurai: 'मदुरै',
  Ambala: 'अंबाला',
});

/** A state's name in the reader's language (as stored in English otherwise). */
export function stateName(lang: Lang, state: string): string {
  return lang === 'hi' ? (STATE_HI[state.trim()] ?? state) : state;
}

/** A city's name in the reader's language; in Hindi, null when we do not know its Hindi name (it is then not shown). */
export function cityName(lang: Lang, city: string | null): string | null {
  if (!city) return null;
  if (lang === 'en') return city;
  return CITY_HI[city.trim()] ?? null;
}
