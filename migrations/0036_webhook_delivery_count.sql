-- Webhooks out (issue 34): each endpoint keeps how many deliveries its log holds, so the log's
-- first page shows its total without counting every row (deliveries are never deleted one by one;
-- deleting the endpoint takes its log with it).
CREATE TRIGGER webhook_deliveries_count AFTER INSERT ON webhook_deliveries
BEGIN
  UPDATE webhook_endpoints SET deliveryCount = deliveryCount + 1 WHERE EndpointID = NEW.EndpointID;
END;
