// ctest openapi_has_all_45_operations: the spec describes exactly the 45 operations of the API,
// each with its documented method, path and operationId, and names any that is missing or extra.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadSpec, operations, SPEC_PATH } from "./lib/load_spec.mjs";

/** The fixed list every engineer uses (method, path, operationId). */
const EXPECTED = [
  ["GET", "/2025-07/channel", "listChannels"],
  ["POST", "/2025-07/order", "createOrder"],
  ["GET", "/2025-07/order", "listOrders"],
  ["GET", "/2025-07/order/{orderId}", "getOrder"],
  ["POST", "/2025-07/order/{orderId}:cancel", "cancelOrder"],
  ["POST", "/2025-07/order:estimate", "estimateOrder"],
  ["GET", "/2025-07/order/{orderId}/shipment/{shipmentId}", "getOrderShipment"],
  ["PATCH", "/2025-07/product/{productId}", "patchProduct"],
  ["POST", "/2025-07/product/{productId}/variants", "createVariants"],
  ["PATCH", "/2025-07/product/{productId}/variants", "updateVariants"],
  ["POST", "/2025-07/variant/{variantId}:merge", "mergeVariants"],
  ["POST", "/2025-07/variant/{variantId}/channel-metadata", "addChannelMetadata"],
  ["DELETE", "/2025-07/variant/{variantId}/channel-metadata/{channelMetadataId}", "deleteChannelMetadata"],
  ["POST", "/2025-07/return", "createReturn"],
  ["GET", "/2025-07/return", "listReturns"],
  ["GET", "/2025-07/receiving", "listReceiving"],
  ["GET", "/2025-07/receiving/{id}", "getReceiving"],
  ["GET", "/2025-07/location", "listLocations"],
  ["GET", "/2025-07/inventory", "listInventory"],
  ["POST", "/2025-07/transactions:query", "queryTransactions"],
  ["GET", "/2025-07/invoices/{invoiceId}/transactions", "listInvoiceTransactions"],
  ["POST", "/2025-07/webhook", "createWebhook"],
  ["DELETE", "/2025-07/webhook/{id}", "deleteWebhook"],
  ["GET", "/2025-07/invoices", "listInvoices"],
  ["GET", "/2025-07/transaction-fees", "listTransactionFees"],
  ["GET", "/2025-07/product", "listProducts"],
  ["GET", "/2025-07/product/{productId}/variants", "listVariants"],
  ["DELETE", "/2025-07/product/{productId}", "deleteProduct"],
  ["POST", "/2025-07/product:moveVariants", "moveVariants"],
  ["POST", "/2025-07/product/{productId}:moveVariants", "mergeIntoProduct"],
  ["POST", "/2025-07/variant/{variantId}:convertToBundle", "convertToBundle"],
  ["POST", "/2025-07/receiving:setExternalSync", "setReceivingExternalSync"],
  ["POST", "/2025-07/receiving/{id}:cancel", "cancelReceiving"],
  ["POST", "/2025-07/return/{id}:cancel", "cancelReturn"],
  ["POST", "/2025-07/order/{orderId}/shipment/{shipmentId}:cancel", "cancelOrderShipment"],
  ["POST", "/2025-07/shipment/{shipmentId}:cancel", "cancelShipment"],
  ["POST", "/2025-07/shipment:batchCancel", "batchCancelShipments"],
  ["POST", "/2025-07/shipment:batchUpdateTrackingUpload", "batchUpdateTrackingUpload"],
  ["GET", "/2025-07/order/{orderId}/store-order-json", "getStoreOrderJson"],
  ["POST", "/2025-07/order/{orderId}/store-order-json", "postStoreOrderJson"],
  ["GET", "/2025-07/shipping-method", "listShippingMethods"],
  ["GET", "/2025-07/fulfillment-center", "listFulfillmentCenters"],
  ["GET", "/2025-07/webhook", "listWebhooks"],
  ["GET", "/connect/authorize", "authorize"],
  ["POST", "/connect/token", "token"],
];

const key = (method, path) => `${method} ${path}`;

test("the expected list itself holds 45 distinct operations", () => {
  assert.equal(EXPECTED.length, 45);
  assert.equal(new Set(EXPECTED.map(([m, p]) => key(m, p))).size, 45);
  assert.equal(new Set(EXPECTED.map(([, , id]) => id)).size, 45);
});

test(`${SPEC_PATH} describes exactly the 45 operations`, () => {
  const actual = new Map(operations(loadSpec()).map(({ method, path, id }) => [key(method, path), id]));
  const expected = new Map(EXPECTED.map(([m, p, id]) => [key(m, p), id]));
  const missing = [...expected].filter(([k]) => !actual.has(k)).map(([k, id]) => `${k} (${id})`);
  const extra = [...actual].filter(([k]) => !expected.has(k)).map(([k, id]) => `${k} (${id})`);
  const misnamed = [...expected]
    .filter(([k, id]) => actual.has(k) && actual.get(k) !== id)
    .map(([k, id]) => `${k}: operationId ${JSON.stringify(actual.get(k))}, expected ${id}`);
  const report = [
    missing.length ? `missing: ${missing.join(", ")}` : "",
    extra.length ? `extra: ${extra.join(", ")}` : "",
    misnamed.length ? `misnamed: ${misnamed.join("; ")}` : "",
  ].filter(Boolean).join("\n");
  assert.equal(report, "", report);
});
