-- Campaigns (issue 35): the rules the database keeps whoever writes (docs/decisions/221 and 222).
-- A campaign's accepted and waiting counts follow its members; an accept past CreatorsWanted fails.
CREATE TRIGGER campaign_members_counts_insert AFTER INSERT ON campaign_members
BEGIN
  UPDATE campaigns SET AcceptedCount = AcceptedCount + (NEW.Status = 'Accepted'), AppliedCount = AppliedCount + (NEW.Status = 'Applied'),
    InvitedCount = InvitedCount + (NEW.Status = 'Invited'), DeclinedCount = DeclinedCount + (NEW.Status = 'Declined')
  WHERE CampaignID = NEW.CampaignID;
END;
--> statement-breakpoint
CREATE TRIGGER campaign_members_counts_update AFTER UPDATE OF Status ON campaign_members
WHEN OLD.Status <> NEW.Status
BEGIN
  UPDATE campaigns SET
    AcceptedCount = AcceptedCount + (NEW.Status = 'Accepted') - (OLD.Status = 'Accepted'),
    AppliedCount = AppliedCount + (NEW.Status = 'Applied') - (OLD.Status = 'Applied'),
    InvitedCount = InvitedCount + (NEW.Status = 'Invited') - (OLD.Status = 'Invited'),
    DeclinedCount = DeclinedCount + (NEW.Status = 'Declined') - (OLD.Status = 'Declined')
  WHERE CampaignID = NEW.CampaignID;
END;
--> statement-breakpoint
CREATE TRIGGER campaigns_not_overfilled BEFORE UPDATE OF AcceptedCount ON campaigns
WHEN NEW.AcceptedCount > NEW.CreatorsWanted
BEGIN
  SELECT RAISE(ABORT, 'campaign: full');
END;
--> statement-breakpoint
-- An answered membership (accepted or declined) is final.
CREATE TRIGGER campaign_members_answered_final BEFORE UPDATE OF Status ON campaign_members
WHEN OLD.Status IN ('Accepted', 'Declined') AND NEW.Status <> OLD.Status
BEGIN
  SELECT RAISE(ABORT, 'campaign: member answered');
END;
--> statement-breakpoint
-- Deliverables belong to accepted creators; an approved one never changes again.
CREATE TRIGGER campaign_deliverables_accepted_only BEFORE INSERT ON campaign_deliverables
WHEN NOT EXISTS (SELECT 1 FROM campaign_members WHERE CampaignID = NEW.CampaignID AND MarketerID = NEW.MarketerID AND Status = 'Accepted')
BEGIN
  SELECT RAISE(ABORT, 'campaign: deliverable of a creator not accepted');
END;
--> statement-breakpoint
-- (Its post URL and note may still be cleared: erasing the creator's personal data does.)
CREATE TRIGGER campaign_deliverables_approved_final BEFORE UPDATE OF Status, CampaignID, MarketerID, ItemIndex ON campaign_deliverables
WHEN OLD.Status = 'Approved'
BEGIN
  SELECT RAISE(ABORT, 'campaign: deliverable approved');
END;
--> statement-breakpoint
-- A fee entry names its deliverable and no lead; only a fee does. It is written only for an
-- approved deliverable of a Fee campaign, for that campaign's fee, between its vendor and creator;
-- entries_deliverable_unique keeps it to one per deliverable.
CREATE TRIGGER commission_entries_fee_shape BEFORE INSERT ON commission_entries
WHEN (NEW.Kind = 'fee') <> (NEW.DeliverableID IS NOT NULL) OR (NEW.Kind = 'fee' AND NEW.LeadID <> 0)
BEGIN
  SELECT RAISE(ABORT, 'ledger: a fee entry names a deliverable and no lead');
END;
--> statement-breakpoint
CREATE TRIGGER commission_entries_fee_approved BEFORE INSERT ON commission_entries
WHEN NEW.Kind = 'fee' AND NOT EXISTS (
  SELECT 1 FROM campaign_deliverables d JOIN campaigns c ON c.CampaignID = d.CampaignID
  WHERE d.DeliverableID = NEW.DeliverableID AND d.Status = 'Approved' AND d.MarketerID = NEW.MarketerID
    AND c.VendorID = NEW.VendorID AND c.RewardType = 'Fee' AND c.FeePaise = NEW.AmountPaise
)
BEGIN
  SELECT RAISE(ABORT, 'ledger: fee without an approved deliverable');
END;
--> statement-breakpoint
CREATE TRIGGER commission_entries_deliverable_fixed BEFORE UPDATE OF DeliverableID ON commission_entries
BEGIN
  SELECT RAISE(ABORT, 'ledger: entries are append-only');
END;
--> statement-breakpoint
-- A lead carries a campaign only for an accepted creator and one of the campaign's products.
CREATE TRIGGER leads_campaign_member BEFORE INSERT ON leads
WHEN NEW.CampaignID IS NOT NULL AND (
  NOT EXISTS (SELECT 1 FROM campaign_members WHERE CampaignID = NEW.CampaignID AND MarketerID = NEW.MarketerID AND Status = 'Accepted')
  OR NOT EXISTS (SELECT 1 FROM campaign_products WHERE CampaignID = NEW.CampaignID AND ProductID = NEW.ProductID)
)
BEGIN
  SELECT RAISE(ABORT, 'campaign: lead of a creator or product outside the campaign');
END;
--> statement-breakpoint
-- campaign_figures: one row per accepted creator (written by the accept), kept by every write to
-- the campaign's leads, its products' impressions in its window (UTC days, as impressions_daily
-- keeps them) and its fee entries.
CREATE TRIGGER campaign_figures_lead_insert AFTER INSERT ON leads
WHEN NEW.CampaignID IS NOT NULL
BEGIN
  UPDATE campaign_figures SET leads = leads + 1, conversions = conversions + (NEW.Status = 'Converted'),
    commissionPaise = commissionPaise + (CASE WHEN NEW.Status = 'Converted' THEN NEW.CommissionAmountPaise ELSE 0 END)
  WHERE CampaignID = NEW.CampaignID AND MarketerID = NEW.MarketerID;
END;
--> statement-breakpoint
CREATE TRIGGER campaign_figures_lead_update AFTER UPDATE OF Status, CommissionAmountPaise, CampaignID, MarketerID ON leads
WHEN OLD.CampaignID IS NOT NULL OR NEW.CampaignID IS NOT NULL
BEGIN
  UPDATE campaign_figures SET leads = leads - 1, conversions = conversions - (OLD.Status = 'Converted'),
    commissionPaise = commissionPaise - (CASE WHEN OLD.Status = 'Converted' THEN OLD.CommissionAmountPaise ELSE 0 END)
  WHERE CampaignID = OLD.CampaignID AND MarketerID = OLD.MarketerID;
  UPDATE campaign_figures SET leads = leads + 1, conversions = conversions + (NEW.Status = 'Converted'),
    commissionPaise = commissionPaise + (CASE WHEN NEW.Status = 'Converted' THEN NEW.CommissionAmountPaise ELSE 0 END)
  WHERE CampaignID = NEW.CampaignID AND MarketerID = NEW.MarketerID;
END;
--> statement-breakpoint
CREATE TRIGGER campaign_figures_lead_delete AFTER DELETE ON leads
WHEN OLD.CampaignID IS NOT NULL
BEGIN
  UPDATE campaign_figures SET leads = leads - 1, conversions = conversions - (OLD.Status = 'Converted'),
    commissionPaise = commissionPaise - (CASE WHEN OLD.Status = 'Converted' THEN OLD.CommissionAmountPaise ELSE 0 END)
  WHERE CampaignID = OLD.CampaignID AND MarketerID = OLD.MarketerID;
END;
--> statement-breakpoint
CREATE TRIGGER campaign_figures_impressions_insert AFTER INSERT ON impressions_daily
BEGIN
  UPDATE campaign_figures SET impressions = impressions + NEW.n
  WHERE MarketerID = NEW.MarketerID AND CampaignID IN (
    SELECT cp.CampaignID FROM campaign_products cp JOIN campaigns c ON c.CampaignID = cp.CampaignID
    WHERE cp.ProductID = NEW.ProductID AND NEW.day >= c.StartsOn AND NEW.day <= c.EndsOn
  );
END;
--> statement-breakpoint
CREATE TRIGGER campaign_figures_impressions_update AFTER UPDATE OF n, day, ProductID, MarketerID ON impressions_daily
BEGIN
  UPDATE campaign_figures SET impressions = impressions - OLD.n
  WHERE MarketerID = OLD.MarketerID AND CampaignID IN (
    SELECT cp.CampaignID FROM campaign_products cp JOIN campaigns c ON c.CampaignID = cp.CampaignID
    WHERE cp.ProductID = OLD.ProductID AND OLD.day >= c.StartsOn AND OLD.day <= c.EndsOn
  );
  UPDATE campaign_figures SET impressions = impressions + NEW.n
  WHERE MarketerID = NEW.MarketerID AND CampaignID IN (
    SELECT cp.CampaignID FROM campaign_products cp JOIN campaigns c ON c.CampaignID = cp.CampaignID
    WHERE cp.ProductID = NEW.ProductID AND NEW.day >= c.StartsOn AND NEW.day <= c.EndsOn
  );
END;
--> statement-breakpoint
CREATE TRIGGER campaign_figures_impressions_delete AFTER DELETE ON impressions_daily
BEGIN
  UPDATE campaign_figures SET impressions = impressions - OLD.n
  WHERE MarketerID = OLD.MarketerID AND CampaignID IN (
    SELECT cp.CampaignID FROM campaign_products cp JOIN campaigns c ON c.CampaignID = cp.CampaignID
    WHERE cp.ProductID = OLD.ProductID AND OLD.day >= c.StartsOn AND OLD.day <= c.EndsOn
  );
END;
--> statement-breakpoint
CREATE TRIGGER campaign_figures_fee AFTER INSERT ON commission_entries
WHEN NEW.Kind = 'fee'
BEGIN
  UPDATE campaign_figures SET feesPaise = feesPaise + NEW.AmountPaise
  WHERE (CampaignID, MarketerID) = (SELECT CampaignID, MarketerID FROM campaign_deliverables WHERE DeliverableID = NEW.DeliverableID);
END;
