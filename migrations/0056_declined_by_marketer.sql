-- Who declined a campaign membership is stored as 'marketer', the name the code uses for the person
-- the screens call an influencer; rows written before said 'creator' (decision 275).
UPDATE `campaign_members` SET `DeclinedBy` = 'marketer' WHERE `DeclinedBy` = 'creator';
