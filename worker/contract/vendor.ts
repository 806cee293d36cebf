// Vendor shapes as the API returns them. A password hash never leaves the server.

export type VendorSelf = {
  VendorID: number
  VendorName: string
  Email: string
  MobileNumber: string
  VendorProfilePic: string | null
  createdAt: string
}

/** What anyone may see of a vendor (the product page shows the vendor's name to visitors). */
export type VendorPublic = Pick<VendorSelf, 'VendorID' | 'VendorName' | 'VendorProfilePic'>

export type VendorAnalytics = {
  totalProducts: number
  totalLeads: number
  totalConvertedLead: number
  totalPendingLead: number
  /** Rupees: sum of the price snapshots of converted leads. */
  totalRevenue: number
  totalImpressions: number
}
