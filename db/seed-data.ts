/** Static, realistic Indian reference data for the demo seeder. */
export const PLACES = [
  { city: 'Mumbai', state: 'Maharashtra', pincode: '400001' },
  { city: 'Pune', state: 'Maharashtra', pincode: '411001' },
  { city: 'Thane', state: 'Maharashtra', pincode: '400601' },
  { city: 'Nagpur', state: 'Maharashtra', pincode: '440001' },
  { city: 'New Delhi', state: 'Delhi', pincode: '110001' },
  { city: 'Gurugram', state: 'Haryana', pincode: '122001' },
  { city: 'Noida', state: 'Uttar Pradesh', pincode: '201301' },
  { city: 'Lucknow', state: 'Uttar Pradesh', pincode: '226001' },
  { city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
  { city: 'Mysuru', state: 'Karnataka', pincode: '570001' },
  { city: 'Chennai', state: 'Tamil Nadu', pincode: '600001' },
  { city: 'Coimbatore', state: 'Tamil Nadu', pincode: '641001' },
  { city: 'Hyderabad', state: 'Telangana', pincode: '500001' },
  { city: 'Kolkata', state: 'West Bengal', pincode: '700001' },
  { city: 'Ahmedabad', state: 'Gujarat', pincode: '380001' },
  { city: 'Surat', state: 'Gujarat', pincode: '395003' },
  { city: 'Jaipur', state: 'Rajasthan', pincode: '302001' },
  { city: 'Kochi', state: 'Kerala', pincode: '682001' },
  { city: 'Bhopal', state: 'Madhya Pradesh', pincode: '462001' },
  { city: 'Indore', state: 'Madhya Pradesh', pincode: '452001' },
  { city: 'Patna', state: 'Bihar', pincode: '800001' },
  { city: 'Bhubaneswar', state: 'Odisha', pincode: '751001' },
  { city: 'Guwahati', state: 'Assam', pincode: '781001' },
  { city: 'Chandigarh', state: 'Chandigarh', pincode: '160017' },
  { city: 'Srinagar', state: 'Jammu and Kashmir', pincode: '190001' },
  { city: 'Dehradun', state: 'Uttarakhand', pincode: '248001' },
  { city: 'Visakhapatnam', state: 'Andhra Pradesh', pincode: '530001' },
  { city: 'Ludhiana', state: 'Punjab', pincode: '141001' },
  { city: 'Panaji', state: 'Goa', pincode: '403001' },
  { city: 'Ranchi', state: 'Jharkhand', pincode: '834001' },
] as const;

export const FIRST_NAMES = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan',
  'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Pari', 'Anika', 'Navya', 'Myra', 'Kavya', 'Meera',
  'Rohan', 'Rahul', 'Priya', 'Neha', 'Suresh', 'Lakshmi', 'Venkat', 'Farhan', 'Gurpreet', 'Joseph',
];
export const LAST_NAMES = [
  'Sharma', 'Verma', 'Patel', 'Reddy', 'Iyer', 'Nair', 'Gupta', 'Singh', 'Kumar', 'Das',
  'Mukherjee', 'Banerjee', 'Joshi', 'Kulkarni', 'Deshpande', 'Menon', 'Pillai', 'Khan', 'Fernandes', 'Chopra',
];
export const STREETS = [
  'MG Road', 'Linking Road', 'Anna Salai', 'Park Street', 'Brigade Road', 'FC Road', 'Sector 18 Market',
  'Banjara Hills Road No. 12', 'CG Road', 'MI Road', 'Hazratganj', 'Civil Lines', 'Station Road', 'Nehru Nagar',
];
export const LANDMARKS = ['Near City Mall', 'Opp. SBI Bank', 'Behind Bus Stand', 'Near Hanuman Mandir', 'Next to Metro Station'];

export const PRODUCTS = [
  { title: 'Masala Chai Premix 500g', category: 'Beverages', hsn: '09024020', price: 34900, gst: 5, weight: 550 },
  { title: 'Assam CTC Tea 1kg', category: 'Beverages', hsn: '09024020', price: 52000, gst: 5, weight: 1050 },
  { title: 'Filter Coffee Powder 250g', category: 'Beverages', hsn: '09012190', price: 28500, gst: 5, weight: 270 },
  { title: 'Khadi Cotton Kurta', category: 'Apparel', hsn: '62052000', price: 129900, gst: 12, weight: 350 },
  { title: 'Handloom Cotton Saree', category: 'Apparel', hsn: '52083200', price: 249900, gst: 5, weight: 650 },
  { title: 'Block Print Dupatta', category: 'Apparel', hsn: '62143000', price: 79900, gst: 12, weight: 200 },
  { title: 'Cold Pressed Coconut Oil 1L', category: 'Grocery', hsn: '15131900', price: 39900, gst: 5, weight: 1000 },
  { title: 'Organic Turmeric Powder 200g', category: 'Grocery', hsn: '09103020', price: 14900, gst: 5, weight: 220 },
  { title: 'Ayurvedic Hair Oil 200ml', category: 'Personal Care', hsn: '33059011', price: 24900, gst: 18, weight: 240 },
  { title: 'Neem Sandal Soap (Pack of 4)', category: 'Personal Care', hsn: '34011190', price: 19900, gst: 18, weight: 420 },
  { title: 'Brass Diya Set', category: 'Home Decor', hsn: '74181022', price: 89900, gst: 12, weight: 900 },
  { title: 'Jute Shopping Bag', category: 'Home Decor', hsn: '42022220', price: 29900, gst: 12, weight: 180 },
  { title: 'Kashmiri Saffron 1g', category: 'Grocery', hsn: '09102010', price: 59900, gst: 5, weight: 30 },
  { title: 'Alphonso Mango Pulp 850g', category: 'Grocery', hsn: '20079910', price: 22900, gst: 12, weight: 900 },
  { title: 'Stainless Steel Tiffin 3 Tier', category: 'Kitchen', hsn: '73239390', price: 69900, gst: 12, weight: 750 },
  { title: 'Copper Water Bottle 1L', category: 'Kitchen', hsn: '74181022', price: 99900, gst: 12, weight: 480 },
];

export const COURIERS = [
  { code: 'delhivery', name: 'Delhivery', prefix: 'DL' },
  { code: 'bluedart', name: 'Blue Dart', prefix: 'BD' },
  { code: 'xpressbees', name: 'Xpressbees', prefix: 'XB' },
  { code: 'ekart', name: 'Ekart Logistics', prefix: 'EK' },
  { code: 'clickpost', name: 'Clickpost', prefix: 'CP' },
] as const;

/** Days per delivery zone: each partner's service level (a platform setting, not a constant of the code). */
export const SERVICE_LEVELS: Record<string, Record<string, number>> = {
  delhivery: { same_city: 1, same_state: 2, metro_to_metro: 3, rest_of_india: 5, special: 8 },
  bluedart: { same_city: 1, same_state: 2, metro_to_metro: 2, rest_of_india: 4, special: 6 },
  xpressbees: { same_city: 2, same_state: 3, metro_to_metro: 4, rest_of_india: 6, special: 9 },
  ekart: { same_city: 1, same_state: 3, metro_to_metro: 4, rest_of_india: 6, special: 10 },
  clickpost: { same_city: 2, same_state: 3, metro_to_metro: 3, rest_of_india: 5, special: 8 },
};

export const DEMO_LOGINS = [
  { role: 'admin', appType: 'admin', email: 'admin@shipdesk.in', password: 'Admin@1234' },
  { role: 'seller', appType: 'seller', email: 'seller@shipdesk.in', password: 'Seller@1234' },
  { role: 'warehouse', appType: 'wms', email: 'warehouse@shipdesk.in', password: 'Warehouse@1234' },
  // Seller of the D2R (distributor) demo company, DEMO_COMPANIES[2].
  { role: 'seller', appType: 'seller', email: 'd2r@shipdesk.in', password: 'Distributor@1234', company: 2, name: 'Farhan Khan' },
  // Finance user (part 2 §1): the brands CSV. A fixed id, so adding it leaves every other seeded value unchanged.
  { role: 'finance', appType: 'finance', email: 'finance@shipdesk.in', password: 'Finance@1234', id: 'u0000000-0000-7000-8000-00000000f001', name: 'Meera Iyer' },
] as const;
