// The demo marketplace seeded by `npm start`: believable Indian brands, products and creators.
// Image files live in scripts/seed-assets/ (made once by scripts/make-seed-images.ts).

export type SeedVendor = { key: string; VendorName: string; Email: string; MobileNumber: string; logo: string }
export type SeedProduct = {
  vendor: string
  ProductName: string
  Description: string
  Price: number
  CommissionType: 'Fixed' | 'Percentage'
  CommissionValue: number
  Category: string
  SKU: string
  product_link: string
  images: string[]
  active?: boolean
}
export type SeedInfluencer = {
  key: string
  MarketerName: string
  Email: string
  MobileNumber: string
  avatar: string
  previews: string[]
  verified: boolean
  social: Record<string, string | number>
}

export const VENDORS: SeedVendor[] = [
  { key: 'handloom', VendorName: 'Handloom Haus', Email: 'priya@handloomhaus.in', MobileNumber: '9820011223', logo: 'vendor-handloom.jpg' },
  { key: 'chai', VendorName: 'Chai & Co.', Email: 'arjun@chaiandco.in', MobileNumber: '9830022334', logo: 'vendor-chai.jpg' },
  { key: 'volt', VendorName: 'VoltEdge Electronics', Email: 'kabir@voltedge.in', MobileNumber: '9840033445', logo: 'vendor-volt.jpg' },
]

export const PRODUCTS: SeedProduct[] = [
  { vendor: 'handloom', ProductName: 'Handwoven Cotton Kurta – Indigo', Description: 'Breathable handloom cotton kurta dyed with natural indigo by weavers in Bagru, Rajasthan. Relaxed fit, side pockets, wash-friendly.', Price: 1499, CommissionType: 'Fixed', CommissionValue: 150, Category: 'Clothing', SKU: 'HH-KUR-IND-01', product_link: 'https://handloomhaus.in/kurta-indigo', images: ['product-kurta.jpg', 'product-kurta-2.jpg'] },
  { vendor: 'handloom', ProductName: 'Banarasi Silk Dupatta', Description: 'Pure silk dupatta with zari buttis, woven in Varanasi. Comes in a cloth gift pouch.', Price: 2299, CommissionType: 'Percentage', CommissionValue: 12, Category: 'Clothing', SKU: 'HH-DUP-BAN-02', product_link: 'https://handloomhaus.in/banarasi-dupatta', images: ['product-dupatta.jpg'] },
  { vendor: 'handloom', ProductName: 'Jaipur Block Print Tote Bag', Description: 'Sturdy canvas tote with hand block printed florals, inner zip pocket and cotton lining.', Price: 799, CommissionType: 'Fixed', CommissionValue: 80, Category: 'Handbags & Wallets', SKU: 'HH-TOT-JPR-03', product_link: 'https://handloomhaus.in/block-print-tote', images: ['product-tote.jpg'] },
  { vendor: 'handloom', ProductName: 'Oxidised Silver Jhumka Earrings', Description: 'Lightweight oxidised jhumkas with a peacock motif. Nickel-free hooks for everyday wear.', Price: 649, CommissionType: 'Percentage', CommissionValue: 15, Category: 'Jewelry', SKU: 'HH-JHU-OXI-04', product_link: 'https://handloomhaus.in/jhumka', images: ['product-jhumka.jpg'] },
  { vendor: 'chai', ProductName: 'Assam Masala Chai – 250 g', Description: 'Strong CTC Assam leaf blended with cardamom, ginger, clove and cinnamon. Makes about 120 cups.', Price: 349, CommissionType: 'Percentage', CommissionValue: 10, Category: 'Groceries', SKU: 'CC-MAS-250', product_link: 'https://chaiandco.in/masala-chai', images: ['product-masala-chai.jpg', 'product-masala-chai-2.jpg'] },
  { vendor: 'chai', ProductName: 'Darjeeling First Flush Tea – 100 g', Description: 'Spring-picked whole leaf tea from a single estate near Kurseong. Floral, bright and light.', Price: 599, CommissionType: 'Fixed', CommissionValue: 60, Category: 'Groceries', SKU: 'CC-DAR-FF-100', product_link: 'https://chaiandco.in/darjeeling', images: ['product-darjeeling.jpg'] },
  { vendor: 'chai', ProductName: 'Hammered Brass Chai Kettle', Description: 'Tin-lined brass kettle, 1 litre, with a wooden handle that stays cool on the stove.', Price: 1899, CommissionType: 'Percentage', CommissionValue: 8, Category: 'Home & Kitchen', SKU: 'CC-KET-BRS-1L', product_link: 'https://chaiandco.in/brass-kettle', images: ['product-kettle.jpg'] },
  { vendor: 'chai', ProductName: 'Terracotta Kulhad Set of 6', Description: 'Glazed-inside clay kulhads for chai and lassi, 150 ml each. Microwave safe.', Price: 499, CommissionType: 'Fixed', CommissionValue: 50, Category: 'Home & Kitchen', SKU: 'CC-KUL-6', product_link: 'https://chaiandco.in/kulhad-set', images: ['product-kulhad.jpg'], active: false },
  { vendor: 'volt', ProductName: 'Wireless Earbuds Pro with ANC', Description: 'Active noise cancelling earbuds, 36-hour battery with case, IPX5, dual-device pairing.', Price: 2499, CommissionType: 'Percentage', CommissionValue: 10, Category: 'Electronics', SKU: 'VE-EAR-PRO', product_link: 'https://voltedge.in/earbuds-pro', images: ['product-earbuds.jpg', 'product-earbuds-2.jpg'] },
  { vendor: 'volt', ProductName: 'Smart Fitness Watch', Description: '1.8" AMOLED display, SpO2 and heart-rate tracking, 100+ sports modes and Bluetooth calling.', Price: 3999, CommissionType: 'Fixed', CommissionValue: 400, Category: 'Watches', SKU: 'VE-WAT-FIT', product_link: 'https://voltedge.in/fitness-watch', images: ['product-watch.jpg'] },
  { vendor: 'volt', ProductName: 'Mechanical Keyboard – Hindi Keycaps', Description: 'Hot-swappable 75% keyboard with brown switches and dual-language Devanagari keycaps.', Price: 4599, CommissionType: 'Percentage', CommissionValue: 7.5, Category: 'Computers & Accessories', SKU: 'VE-KEY-HIN', product_link: 'https://voltedge.in/keyboard-hindi', images: ['product-keyboard.jpg'] },
  { vendor: 'volt', ProductName: 'Smart LED Bulb (Pack of 2)', Description: '9 W Wi-Fi bulbs with 16 million colours, schedules and voice control in Hindi and English.', Price: 899, CommissionType: 'Fixed', CommissionValue: 90, Category: 'Smart Home', SKU: 'VE-BLB-2PK', product_link: 'https://voltedge.in/smart-bulb', images: ['product-bulb.jpg'] },
]

const blank = {
  InstagramUsername: '', InstagramFollowers: 0, InstagramFollowing: 0, YouTubeChannelLink: '', YouTubeSubscribers: 0,
  LinkedInProfile: '', LinkedInConnections: 0, TwitterHandle: '', TwitterFollowers: 0, TwitterFollowing: 0,
  TikTokUsername: '', TikTokFollowers: 0, TikTokFollowing: 0, FacebookPage: '', FacebookLikes: 0, PinterestUsername: '', PinterestFollowers: 0,
}

export const INFLUENCERS: SeedInfluencer[] = [
  { key: 'ananya', MarketerName: 'Ananya Iyer', Email: 'ananya@creators.in', MobileNumber: '9900112233', avatar: 'avatar-ananya.jpg', previews: ['preview-fashion-1.jpg', 'preview-fashion-2.jpg', 'preview-fashion-3.jpg'], verified: true,
    social: { ...blank, Bio: 'Slow fashion and handloom stories from Mumbai. Styling Indian weaves for everyday life.', Location: 'Mumbai, India', Category: 'Fashion', InstagramUsername: 'ananya.weaves', InstagramFollowers: 182400, InstagramFollowing: 612, YouTubeChannelLink: 'https://youtube.com/@ananyaweaves', YouTubeSubscribers: 45200, PinterestUsername: 'ananyaweaves', PinterestFollowers: 12800 } },
  { key: 'rohan', MarketerName: 'Rohan Kapoor', Email: 'rohan@creators.in', MobileNumber: '9900223344', avatar: 'avatar-rohan.jpg', previews: ['preview-tech-1.jpg', 'preview-tech-2.jpg'], verified: true,
    social: { ...blank, Bio: 'Honest gadget reviews in Hinglish. If it is not worth your money, I will say so.', Location: 'Bengaluru, India', Category: 'Technology', YouTubeChannelLink: 'https://youtube.com/@rohantechhindi', YouTubeSubscribers: 1240000, TwitterHandle: 'rohantech', TwitterFollowers: 85300, TwitterFollowing: 410, LinkedInProfile: 'https://linkedin.com/in/rohankapoor', LinkedInConnections: 9200 } },
  { key: 'meera', MarketerName: 'Meera Nair', Email: 'meera@creators.in', MobileNumber: '9900334455', avatar: 'avatar-meera.jpg', previews: ['preview-food-1.jpg', 'preview-food-2.jpg', 'preview-food-3.jpg'], verified: false,
    social: { ...blank, Bio: 'Kerala home cooking, filter coffee and chai rituals.', Location: 'Kochi, India', Category: 'Food', InstagramUsername: 'meerascoastalkitchen', InstagramFollowers: 64300, InstagramFollowing: 390, FacebookPage: 'https://facebook.com/meerascoastalkitchen', FacebookLikes: 21500 } },
  { key: 'vikram', MarketerName: 'Vikram Singh', Email: 'vikram@creators.in', MobileNumber: '9900445566', avatar: 'avatar-vikram.jpg', previews: ['preview-fitness-1.jpg', 'preview-fitness-2.jpg'], verified: true,
    social: { ...blank, Bio: 'Certified strength coach. Desi diets, real results, no shortcuts.', Location: 'New Delhi, India', Category: 'Fitness', InstagramUsername: 'vikramlifts', InstagramFollowers: 310500, InstagramFollowing: 220, YouTubeChannelLink: 'https://youtube.com/@vikramlifts', YouTubeSubscribers: 98000 } },
  { key: 'sana', MarketerName: 'Sana Sheikh', Email: 'sana@creators.in', MobileNumber: '9900556677', avatar: 'avatar-sana.jpg', previews: ['preview-beauty-1.jpg', 'preview-beauty-2.jpg'], verified: false,
    social: { ...blank, Bio: 'Skincare for Indian summers and festive looks on a budget.', Location: 'Hyderabad, India', Category: 'Beauty', InstagramUsername: 'sanaglows', InstagramFollowers: 95400, InstagramFollowing: 540, YouTubeChannelLink: 'https://youtube.com/@sanaglows', YouTubeSubscribers: 22100 } },
  { key: 'arjun', MarketerName: 'Arjun Das', Email: 'arjun.das@creators.in', MobileNumber: '9900667788', avatar: 'avatar-arjun.jpg', previews: ['preview-travel-1.jpg', 'preview-travel-2.jpg', 'preview-travel-3.jpg'], verified: false,
    social: { ...blank, Bio: 'Backpacking the Northeast and beyond on sleeper-class budgets.', Location: 'Kolkata, India', Category: 'Travel', InstagramUsername: 'arjunwanders', InstagramFollowers: 48200, InstagramFollowing: 810, PinterestUsername: 'arjunwanders', PinterestFollowers: 12100 } },
  { key: 'kavya', MarketerName: 'Kavya Reddy', Email: 'kavya@creators.in', MobileNumber: '9900778899', avatar: 'avatar-kavya.jpg', previews: ['preview-lifestyle-1.jpg'], verified: false,
    social: { ...blank, Bio: 'Plants, planners and small-apartment living in Chennai.', Location: 'Chennai, India', Category: 'Lifestyle', InstagramUsername: 'kavyaathome', InstagramFollowers: 23600, InstagramFollowing: 702 } },
  { key: 'dev', MarketerName: 'Dev Malhotra', Email: 'dev@creators.in', MobileNumber: '9900889900', avatar: 'avatar-dev.jpg', previews: ['preview-gaming-1.jpg', 'preview-gaming-2.jpg'], verified: true,
    social: { ...blank, Bio: 'BGMI and indie games, live every night at 9.', Location: 'Pune, India', Category: 'Gaming', YouTubeChannelLink: 'https://youtube.com/@devplays', YouTubeSubscribers: 540000, TwitterHandle: 'devplays', TwitterFollowers: 30100, TwitterFollowing: 150 } },
]

/**
 * The links influencers share: product SKU, influencer key, and how many visits a day the link
 * brings on an ordinary weekday (the seed spreads them over the last 30 days, a little busier at
 * weekends and growing slowly through the month, as a small brand's month looks).
 */
export const LINKS: { sku: string; influencer: string; daily: number }[] = [
  { sku: 'HH-KUR-IND-01', influencer: 'ananya', daily: 18 },
  { sku: 'HH-DUP-BAN-02', influencer: 'ananya', daily: 11 },
  { sku: 'HH-JHU-OXI-04', influencer: 'ananya', daily: 6 },
  { sku: 'HH-JHU-OXI-04', influencer: 'sana', daily: 9 },
  { sku: 'HH-DUP-BAN-02', influencer: 'sana', daily: 5 },
  { sku: 'HH-TOT-JPR-03', influencer: 'kavya', daily: 5 },
  { sku: 'CC-MAS-250', influencer: 'meera', daily: 14 },
  { sku: 'CC-DAR-FF-100', influencer: 'meera', daily: 8 },
  { sku: 'CC-KET-BRS-1L', influencer: 'meera', daily: 5 },
  { sku: 'CC-KET-BRS-1L', influencer: 'kavya', daily: 4 },
  { sku: 'CC-MAS-250', influencer: 'arjun', daily: 4 },
  { sku: 'VE-EAR-PRO', influencer: 'rohan', daily: 24 },
  { sku: 'VE-BLB-2PK', influencer: 'rohan', daily: 9 },
  { sku: 'VE-KEY-HIN', influencer: 'rohan', daily: 7 },
  { sku: 'VE-WAT-FIT', influencer: 'vikram', daily: 15 },
  { sku: 'VE-EAR-PRO', influencer: 'dev', daily: 10 },
  { sku: 'VE-KEY-HIN', influencer: 'dev', daily: 8 },
]

type SeedLead = {
  sku: string
  influencer: string
  ClientName: string
  ClientEmail: string
  ClientPhone: string
  Status: 'Pending' | 'Lost' | 'Converted'
  /** When the buyer filled the form: days before the seed runs (0 is today). */
  daysAgo: number
  /** For a Converted lead: days after the form until the vendor converted it. */
  convertedAfter?: number
}

/** Leads from the buy page over the last 30 days: older ones worked (Converted or Lost), recent ones mostly Pending. */
export const LEADS: SeedLead[] = [
  { sku: 'HH-KUR-IND-01', influencer: 'ananya', ClientName: 'Neha Gupta', ClientEmail: 'neha.gupta@gmail.com', ClientPhone: '9811122233', Status: 'Converted', daysAgo: 27, convertedAfter: 2 },
  { sku: 'HH-DUP-BAN-02', influencer: 'ananya', ClientName: 'Ritu Agarwal', ClientEmail: 'ritu.a@yahoo.in', ClientPhone: '9811133344', Status: 'Pending', daysAgo: 2 },
  { sku: 'HH-JHU-OXI-04', influencer: 'sana', ClientName: 'Farah Khan', ClientEmail: '', ClientPhone: '9811144455', Status: 'Converted', daysAgo: 19, convertedAfter: 1 },
  { sku: 'HH-TOT-JPR-03', influencer: 'kavya', ClientName: 'Lakshmi Rao', ClientEmail: 'lakshmi.rao@outlook.com', ClientPhone: '9811155566', Status: 'Lost', daysAgo: 22 },
  { sku: 'CC-MAS-250', influencer: 'meera', ClientName: 'Suresh Pillai', ClientEmail: 'suresh.p@gmail.com', ClientPhone: '9811166677', Status: 'Converted', daysAgo: 25, convertedAfter: 3 },
  { sku: 'CC-DAR-FF-100', influencer: 'meera', ClientName: 'Anita Bose', ClientEmail: 'anita.bose@gmail.com', ClientPhone: '9811177788', Status: 'Pending', daysAgo: 3 },
  { sku: 'CC-KET-BRS-1L', influencer: 'kavya', ClientName: 'Gaurav Joshi', ClientEmail: '', ClientPhone: '9811188899', Status: 'Pending', daysAgo: 1 },
  { sku: 'VE-EAR-PRO', influencer: 'rohan', ClientName: 'Amit Verma', ClientEmail: 'amit.verma@gmail.com', ClientPhone: '9811199900', Status: 'Converted', daysAgo: 28, convertedAfter: 2 },
  { sku: 'VE-WAT-FIT', influencer: 'vikram', ClientName: 'Karan Mehra', ClientEmail: 'karan.mehra@gmail.com', ClientPhone: '9822211122', Status: 'Converted', daysAgo: 16, convertedAfter: 4 },
  { sku: 'VE-KEY-HIN', influencer: 'dev', ClientName: 'Ishaan Chatterjee', ClientEmail: 'ishaan.c@proton.me', ClientPhone: '9822222233', Status: 'Lost', daysAgo: 18 },
  { sku: 'VE-BLB-2PK', influencer: 'rohan', ClientName: 'Pooja Shah', ClientEmail: 'pooja.shah@gmail.com', ClientPhone: '9822233344', Status: 'Pending', daysAgo: 0 },
  { sku: 'VE-EAR-PRO', influencer: 'dev', ClientName: 'Tanvi Kulkarni', ClientEmail: '', ClientPhone: '9822244455', Status: 'Pending', daysAgo: 4 },
  { sku: 'HH-KUR-IND-01', influencer: 'ananya', ClientName: 'Divya Menon', ClientEmail: 'divya.menon@gmail.com', ClientPhone: '9833311122', Status: 'Converted', daysAgo: 21, convertedAfter: 1 },
  { sku: 'HH-KUR-IND-01', influencer: 'ananya', ClientName: 'Shreya Kulkarni', ClientEmail: 'shreya.k@gmail.com', ClientPhone: '9833311133', Status: 'Lost', daysAgo: 14 },
  { sku: 'HH-KUR-IND-01', influencer: 'ananya', ClientName: 'Aarti Desai', ClientEmail: '', ClientPhone: '9833311144', Status: 'Converted', daysAgo: 9, convertedAfter: 2 },
  { sku: 'HH-DUP-BAN-02', influencer: 'sana', ClientName: 'Zoya Mirza', ClientEmail: 'zoya.mirza@gmail.com', ClientPhone: '9833311155', Status: 'Converted', daysAgo: 12, convertedAfter: 1 },
  { sku: 'HH-JHU-OXI-04', influencer: 'ananya', ClientName: 'Kriti Saxena', ClientEmail: 'kriti.saxena@yahoo.in', ClientPhone: '9833311166', Status: 'Pending', daysAgo: 6 },
  { sku: 'HH-JHU-OXI-04', influencer: 'sana', ClientName: 'Nazia Begum', ClientEmail: '', ClientPhone: '9833311177', Status: 'Converted', daysAgo: 7, convertedAfter: 2 },
  { sku: 'HH-KUR-IND-01', influencer: 'ananya', ClientName: 'Meenal Joshi', ClientEmail: 'meenal.j@gmail.com', ClientPhone: '9833311188', Status: 'Pending', daysAgo: 1 },
  { sku: 'CC-MAS-250', influencer: 'meera', ClientName: 'Rahul Nambiar', ClientEmail: 'rahul.nambiar@gmail.com', ClientPhone: '9844411122', Status: 'Converted', daysAgo: 20, convertedAfter: 1 },
  { sku: 'CC-MAS-250', influencer: 'meera', ClientName: 'Geeta Iyer', ClientEmail: '', ClientPhone: '9844411133', Status: 'Converted', daysAgo: 15, convertedAfter: 2 },
  { sku: 'CC-MAS-250', influencer: 'arjun', ClientName: 'Sourav Ghosh', ClientEmail: 'sourav.g@gmail.com', ClientPhone: '9844411144', Status: 'Lost', daysAgo: 11 },
  { sku: 'CC-DAR-FF-100', influencer: 'meera', ClientName: 'Priyanka Roy', ClientEmail: 'priyanka.roy@outlook.com', ClientPhone: '9844411155', Status: 'Converted', daysAgo: 10, convertedAfter: 3 },
  { sku: 'CC-KET-BRS-1L', influencer: 'meera', ClientName: 'Vivek Menon', ClientEmail: 'vivek.menon@gmail.com', ClientPhone: '9844411166', Status: 'Converted', daysAgo: 8, convertedAfter: 2 },
  { sku: 'CC-MAS-250', influencer: 'meera', ClientName: 'Leela Thomas', ClientEmail: '', ClientPhone: '9844411177', Status: 'Pending', daysAgo: 5 },
  { sku: 'CC-DAR-FF-100', influencer: 'meera', ClientName: 'Harish Rao', ClientEmail: 'harish.rao@gmail.com', ClientPhone: '9844411188', Status: 'Pending', daysAgo: 0 },
  { sku: 'VE-EAR-PRO', influencer: 'rohan', ClientName: 'Nikhil Jain', ClientEmail: 'nikhil.jain@gmail.com', ClientPhone: '9855511122', Status: 'Converted', daysAgo: 24, convertedAfter: 1 },
  { sku: 'VE-EAR-PRO', influencer: 'rohan', ClientName: 'Sameer Qureshi', ClientEmail: 'sameer.q@gmail.com', ClientPhone: '9855511133', Status: 'Lost', daysAgo: 20 },
  { sku: 'VE-EAR-PRO', influencer: 'rohan', ClientName: 'Ankit Sharma', ClientEmail: '', ClientPhone: '9855511144', Status: 'Converted', daysAgo: 13, convertedAfter: 2 },
  { sku: 'VE-WAT-FIT', influencer: 'vikram', ClientName: 'Manpreet Kaur', ClientEmail: 'manpreet.kaur@gmail.com', ClientPhone: '9855511155', Status: 'Converted', daysAgo: 26, convertedAfter: 3 },
  { sku: 'VE-WAT-FIT', influencer: 'vikram', ClientName: 'Rajat Bhalla', ClientEmail: 'rajat.b@yahoo.in', ClientPhone: '9855511166', Status: 'Pending', daysAgo: 3 },
  { sku: 'VE-KEY-HIN', influencer: 'rohan', ClientName: 'Aditya Pandey', ClientEmail: 'aditya.pandey@gmail.com', ClientPhone: '9855511177', Status: 'Converted', daysAgo: 17, convertedAfter: 1 },
  { sku: 'VE-BLB-2PK', influencer: 'rohan', ClientName: 'Sunita Yadav', ClientEmail: '', ClientPhone: '9855511188', Status: 'Converted', daysAgo: 9, convertedAfter: 1 },
  { sku: 'VE-EAR-PRO', influencer: 'dev', ClientName: 'Yash Thakur', ClientEmail: 'yash.thakur@gmail.com', ClientPhone: '9855511199', Status: 'Converted', daysAgo: 6, convertedAfter: 2 },
  { sku: 'VE-KEY-HIN', influencer: 'dev', ClientName: 'Omkar Patil', ClientEmail: 'omkar.patil@gmail.com', ClientPhone: '9866611122', Status: 'Pending', daysAgo: 2 },
  { sku: 'VE-EAR-PRO', influencer: 'rohan', ClientName: 'Bhavna Shetty', ClientEmail: 'bhavna.shetty@gmail.com', ClientPhone: '9866611133', Status: 'Pending', daysAgo: 0 },
]
