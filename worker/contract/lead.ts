// Lead shapes as the API returns them. The buy-form and status schemas live here too
// (added with the leads routes).

export const LEAD_STATUSES = ['Pending', 'Lost', 'Converted'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export type LeadDTO = {
  LeadID: number
  Status: LeadStatus
  ClientName: string
  ClientEmail: string | null
  ClientPhone: string
  createdAt: string
  ProductID: number | null
  VendorID: number
  MarketerID: number
  /** Snapshots taken when the lead was created (rupees). */
  Price: string
  CommissionAmount: number
  Product: { ProductID: number | null; ProductName: string; Price: string; ImageURL: string }
  Marketer: { MarketerID: number; MarketerName: string }
  Vendor: { VendorID: number; VendorName: string }
}
