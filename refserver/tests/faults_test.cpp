// Every fault is off by default and, when named, changes exactly the behaviour it claims.
// Each probe returns true when the violation is observable.

#include "core/url_escapes.h"
#include "refserver/core/datetime.h"
#include "refserver/core/query.h"
#include "refserver/tests/test_support.h"
#include "refserver/tests/auth_fault_probes.h"
#include "refserver/tests/billing_fault_probes.h"
#include "refserver/tests/order_fault_probes.h"
#include "refserver/tests/product_fault_probes.h"
#include "refserver/tests/receiving_fault_probes.h"
#include "refserver/tests/return_fault_probes.h"
#include "refserver/tests/versioning_fault_probes.h"
#include "refserver/tests/webhook_fault_probes.h"

namespace dockside::refserver {
namespace {
using namespace testing;

using Probe = std::function<bool(Harness&)>;

http::Response create(Harness& h, const nlohmann::json& body) { return h.post("/2025-07/order", body); }
bool created(const http::Response& r) { return r.status == 201 || r.status == 200; }

nlohmann::json with(nlohmann::json body, const std::string& key, nlohmann::json value) {
    body[key] = std::move(value);
    return body;
}

struct OAuthTokens {
    nlohmann::json first;
    http::Response authorize;
};

OAuthTokens oauth(Harness& h, const std::string& scope, const std::string& extra = "") {
    auto client = h.server->oauth_client().value();
    auto redirect = percent_encode(client.redirect_uris[0]);
    auto az = h.raw({"GET", "/connect/authorize?client_id=" + client.client_id + "&redirect_uri=" + redirect +
                                "&scope=" + percent_encode(scope) + extra, {}, ""});
    std::string loc(az.headers.get("Location").value_or(""));
    auto cb = QueryParams::parse(loc.substr(loc.find('#') + 1)).value();
    auto tok = h.raw({"POST", "/connect/token", {{"Content-Type", "application/x-www-form-urlencoded"}},
                      "grant_type=authorization_code&client_id=" + client.client_id + "&client_secret=" +
                          client.client_secret + "&redirect_uri=" + redirect + "&code=" + cb.get("code").value_or("")});
    return {body_of(tok), az};
}

http::Response refresh(Harness& h, const std::string& token) {
    auto client = h.server->oauth_client().value();
    return h.raw({"POST", "/connect/token", {{"Content-Type", "application/x-www-form-urlencoded"}},
                  "grant_type=refresh_token&client_id=" + client.client_id + "&client_secret=" + client.client_secret +
                      "&refresh_token=" + token});
}

std::vector<int> list_ids(Harness& h, const std::string& query) {
    std::vector<int> out;
    for (const auto& o : body_of(h.get("/2025-07/order?" + query))) out.push_back(o["id"].get<int>());
    return out;
}

const std::map<std::string, Probe>& probes() {
    static const std::map<std::string, Probe> table = {
        // Authentication
        {"AUTH-BEARER.no-token-check", [](Harness& h) { return h.raw({"GET", "/2025-07/order", {}, ""}).status == 200; }},
        {"AUTH-FORBID.no-scope-check",
         [](Harness& h) {
             // An OAuth token granted only orders_read reads channels (channels_read) and creates an order.
             auto access = oauth(h, "orders_read").first["access_token"].get<std::string>();
             return h.send("GET", "/2025-07/channel", "", access).status == 200 &&
                    created(h.send("POST", "/2025-07/order", valid_order("F-SCOPE").dump(), access));
         }},
        {"AUTH-CHANNEL.no-channel-check",
         [](Harness& h) {
             http::Request r{"POST", "/2025-07/order",
                             {{"Authorization", "Bearer " + h.server->pat()}, {"Content-Type", "application/json"}},
                             valid_order("F-NOCH").dump()};
             return created(h.raw(r)) &&
                    created(h.send("POST", "/2025-07/order", valid_order("F-FOREIGN").dump(), std::nullopt, std::string("900")));
         }},
        {"AUTH-LIFETIME.access-token-never-expires",
         [](Harness& h) {
             auto access = oauth(h, "orders_read").first["access_token"].get<std::string>();
             h.clock->advance(std::chrono::hours(2));
             return h.send("GET", "/2025-07/order", "", access).status == 200;
         }},
        {"AUTH-OAUTH-REFRESH.old-refresh-still-valid",
         [](Harness& h) {
             auto rt = oauth(h, "orders_read offline_access").first["refresh_token"].get<std::string>();
             auto second = body_of(refresh(h, rt));
             return second.value("refresh_token", "") == rt || refresh(h, rt).status == 200;
         }},
        {"AUTH-OAUTH-AUTHZ.state-not-echoed",
         [](Harness& h) {
             auto loc = std::string(oauth(h, "orders_read", "&state=abc").authorize.headers.get("Location").value_or(""));
             return loc.find("state=abc") == std::string::npos;
         }},
        {"AUTH-OAUTH-TOKEN.refresh-without-offline-access",
         [](Harness& h) { return oauth(h, "orders_read").first.contains("refresh_token"); }},
        {"AUTH-EXPIRED.expired-token-403",
         [](Harness& h) {
             auto access = oauth(h, "orders_read").first["access_token"].get<std::string>();
             h.clock->advance(std::chrono::hours(2));
             return h.send("GET", "/2025-07/order", "", access).status == 403;
         }},
        {"AUTH-SCOPES.undocumented-scope-name", auth_probes::undocumented_scope},
        // Conventions and errors
        {"CONV-JSON.wrong-content-type", [](Harness& h) { return h.get("/2025-07/order/5001").media_type() != "application/json"; }},
        {"CONV-FIELDS.order-missing-created-date",
         [](Harness& h) { return !body_of(h.get("/2025-07/order/5001")).contains("created_date"); }},
        {"CONV-TYPES.order-id-as-string", [](Harness& h) { return body_of(h.get("/2025-07/order/5001"))["id"].is_string(); }},
        {"CONV-TYPES.bad-datetime",
         [](Harness& h) {
             auto o = body_of(h.get("/2025-07/order/5001"));
             return !parse_iso8601(o["created_date"].get<std::string>()).has_value() &&
                    !parse_iso8601(o["shipments"][0]["tracking"]["shipping_date"].get<std::string>()).has_value();
         }},
        {"ERR-CODES.order-create-200", [](Harness& h) { return create(h, valid_order("F-200")).status == 200; }},
        {"ERR-NO5XX.sporadic-500",
         [](Harness& h) {
             int errors = 0;
             for (int i = 0; i < 14; ++i) errors += h.get("/2025-07/order/5001").status >= 500;
             return errors == 2;
         }},
        {"ERR-4XX.malformed-json-500", [](Harness& h) { return h.send("POST", "/2025-07/order", "{\"products\":").status == 500; }},
        {"CONV-CASE.order-number-camel-case", order_probes::order_number_camel_case},
        {"CONV-OPS-SERVED.store-order-json-post-unserved", order_probes::store_order_json_post_unserved},
        {"CONV-PATH.list-orders-unversioned", order_probes::list_orders_unversioned},
        {"ERR-NOSIDE.rejected-create-stored", order_probes::rejected_create_stored},
        // Channels
        {"CH-LIST.records-per-page-ignored",
         [](Harness& h) { return body_of(h.get("/2025-07/channel?RecordsPerPage=1"))["items"].size() > 1; }},
        // Orders
        {"ORD-GIFT-500.accepts-501",
         [](Harness& h) {
             return created(create(h, with(valid_order("F-GIFT"), "gift_message", repeat("g", 501)))) &&
                    create(h, with(valid_order("F-GIFT2"), "gift_message", repeat("g", 502))).status == 400;
         }},
        {"ORD-GIFT-500.refuses-500",
         [](Harness& h) {
             return create(h, with(valid_order("F-GIFT500"), "gift_message", repeat("g", 500))).status == 400 &&
                    created(create(h, with(valid_order("F-GIFT499"), "gift_message", repeat("g", 499))));
         }},
        {"ORD-NUMBER-400.accepts-401",
         [](Harness& h) { return created(create(h, with(valid_order("F-NUM"), "order_number", repeat("n", 401)))); }},
        {"ORD-REF-1-300.accepts-301", [](Harness& h) { return created(create(h, valid_order(repeat("r", 301)))); }},
        {"ORD-REF-1-300.accepts-empty", [](Harness& h) { return created(create(h, valid_order(""))); }},
        {"ORD-ORIGIN-100.accepts-101",
         [](Harness& h) { return created(create(h, with(valid_order("F-ORIG"), "origin_platform_program", repeat("o", 101)))); }},
        {"ORD-SALES-100.accepts-101",
         [](Harness& h) { return created(create(h, with(valid_order("F-SALES"), "sales_channel", repeat("s", 101)))); }},
        {"ORD-REQ.accepts-empty-products",
         [](Harness& h) { return created(create(h, with(valid_order("F-EMPTY"), "products", nlohmann::json::array()))); }},
        {"ORD-REF-UNIQUE.duplicate-accepted", [](Harness& h) { return created(create(h, valid_order("SEED-5001"))); }},
        {"ORD-NUMBER-DEFAULT.null-when-omitted",
         [](Harness& h) { return body_of(create(h, valid_order("F-NUMDEF")))["order_number"].is_null(); }},
        {"ORD-STATUS.enum-outside-set", [](Harness& h) { return body_of(create(h, valid_order("F-STATUS")))["status"] == "Open"; }},
        {"ORD-LIST-LIMIT.limit-ignored", [](Harness& h) { return list_ids(h, "Limit=2").size() > 2; }},
        {"ORD-LIST-LIMIT.overlapping-pages",
         [](Harness& h) {
             auto p1 = list_ids(h, "Limit=3&Page=1"), p2 = list_ids(h, "Limit=3&Page=2");
             return !p1.empty() && !p2.empty() && p1.back() == p2.front();
         }},
        {"ORD-LIST-FILTERS.reference-ids-ignored", [](Harness& h) { return list_ids(h, "ReferenceIds=SEED-5001").size() > 1; }},
        {"ORD-LIST-FILTERS.tracking-range-includes-untracked",
         [](Harness& h) {
             auto ids = list_ids(h, "Limit=250&LastTrackingUpdateStartDate=2000-01-01T00:00:00Z");
             return std::find(ids.begin(), ids.end(), 5003) != ids.end();
         }},
        {"ORD-ROUNDTRIP.created-order-missing-from-list",
         [](Harness& h) {
             auto id = body_of(create(h, valid_order("F-RT")))["id"].get<int>();
             return h.get("/2025-07/order/" + std::to_string(id)).status == 200 &&
                    list_ids(h, "IDs=" + std::to_string(id)).empty();
         }},
        {"ORD-CANCEL.shipped-reported-cancelled",
         [](Harness& h) { return body_of(h.send("POST", "/2025-07/order/5001:cancel"))["canceled_shipment_results"][0]["is_success"] == true; }},
        {"ORD-ESTIMATE-METHODS.methods-ignored",
         [](Harness& h) {
             nlohmann::json body = {{"address", {{"city", "Chicago"}}},
                                    {"products", {{{"id", 3001}, {"quantity", 1}}}},
                                    {"shipping_methods", {"Standard"}}};
             return body_of(h.post("/2025-07/order:estimate", body))["estimates"].size() > 1;
         }},
        {"ORD-SHIPMENT-GET.ignores-order-id", [](Harness& h) { return h.get("/2025-07/order/5001/shipment/7002").status == 200; }},
        {"ORD-CREATED.answers-id-only", order_probes::created_id_only},
        {"ORD-ESTIMATE.accepts-missing-address", order_probes::estimate_without_address},
        {"ORD-GET.wrong-record", order_probes::get_wrong_record},
        {"ORD-LIST-SHAPE.wrapped-in-object", order_probes::list_wrapped},
        {"ORD-LOCATION.location-id-ignored", order_probes::location_ignored},
        {"ORD-PRODUCT-NAME.accepts-unnamed-unknown-reference", order_probes::unnamed_unknown_reference},
        {"ORD-SHIPMETHOD.accepts-empty", order_probes::empty_shipping_method},
        {"ORD-TYPE.accepts-undocumented-type", order_probes::undocumented_type},
        {"ORD-ROUNDTRIP.shipment-reference-of-another-order",
         [](Harness& h) {
             auto o = body_of(h.get("/2025-07/order/5001"));
             return o["shipments"][0]["reference_id"] != o["reference_id"];
         }},
        // Shipments
        {"SHP-ENUMS.status-outside-set",
         [](Harness& h) { return body_of(h.get("/2025-07/order/5001/shipment/7001"))["status"] == "Shipped"; }},
        {"SHP-CANCEL.cancel-shipment-unserved", order_probes::cancel_shipment_unserved},
        {"SHP-GIFT-500.shows-501", order_probes::shipment_gift_501},
        // Versioning
        {"VER-RENAMED.serves-2.0-paths",
         [](Harness& h) {
             return h.send("POST", "/2025-07/order/5003/cancel").status == 200 && h.get("/2025-07/shippingmethod").status == 200 &&
                    h.get("/2025-07/fulfillmentCenter").status == 200;
         }},
        {"VER-REMOVED.serves-statushistory", [](Harness& h) { return h.get("/2025-07/return/1/statushistory").status == 200; }},
        {"VER-CURSOR.return-list-bare-array", versioning_probes::return_list_bare_array},
        {"VER-NEW.invoices-unserved", versioning_probes::invoices_unserved},
        // Returns
        {"RET-DUP-ID.accepts-duplicates", return_probes::duplicates},
        {"RET-NO-DIGITAL-BUNDLE.accepts-digital", return_probes::digital},
        {"RET-NO-DIGITAL-BUNDLE.accepts-bundle", return_probes::bundle},
        {"RET-FROZEN.cancel-in-processing", return_probes::cancel_in_processing},
        {"RET-CANCEL.status-unchanged", return_probes::cancel_status_unchanged},
        {"RET-LIST.cursor-overlap", return_probes::cursor_overlap},
        {"RET-LIST.status-filter-ignored", return_probes::status_ignored},
        {"RET-CREATED.answers-201", return_probes::return_created_201},
        {"RET-NOT-AWAITING.cancel-arrived-succeeds", return_probes::cancel_arrived},
        {"RET-ONE-ACTION.second-action-accepted", return_probes::second_action},
        {"RET-REQ.channel-header-optional", return_probes::return_without_channel},
        {"RET-STATUS.created-status-outside-set", return_probes::return_status_pending},
        {"RET-TRACKING.tracking-number-required", return_probes::tracking_required},
        // Billing
        {"BIL-CURSOR-OVERRIDES.body-wins", billing_probes::body_wins},
        {"BIL-PAGE-SIZE.accepts-1001", billing_probes::page_size_1001},
        {"BIL-FILTERS.invoiced-status-ignored", billing_probes::invoiced_ignored},
        {"BIL-DEFAULT-RANGE.from-date-defaults-30-days", billing_probes::default_range},
        {"BIL-ENUMS.sort-order-ignored", billing_probes::sort_order_ignored},
        {"BIL-INVOICE-TX.default-ascending", billing_probes::invoice_tx_ascending},
        {"BIL-REF-TYPES.reference-type-outside-set", billing_probes::reference_type_outside},
        // Webhooks
        {"WH-HTTPS.accepts-http", webhook_probes::accepts_http},
        {"WH-DELETE.answers-404", webhook_probes::delete_404},
        {"VER-WEBHOOK-SHAPE.id-as-integer", webhook_probes::id_as_integer},
        {"WH-SIGNED.wrong-signature", webhook_probes::wrong_signature},
        {"WH-CREATE.channel-header-required", webhook_probes::channel_required},
        {"WH-DELETE-GONE.still-listed", webhook_probes::delete_kept},
        {"WH-DELIVERY.wrong-content-type", webhook_probes::delivery_content_type},
        {"WH-LIST.records-per-page-ignored", webhook_probes::list_per_page_ignored},
        {"WH-TOPICS.on-hold-rejected", webhook_probes::on_hold_refused},
        // Products and variants
        {"ERR-CODES.variant-create-200",
         [](Harness& h) { return h.post("/2025-07/product/2002/variants", nlohmann::json::array({{{"name", "P"}}})).status == 200; }},
        {"ERR-CODES.merge-200",
         [](Harness& h) { return h.post("/2025-07/variant/3001:merge", nlohmann::json::array({{{"id", 3002}}})).status == 200; }},
        {"PRD-PATCH-MERGE.replaces-unsupplied-fields",
         [](Harness& h) { return body_of(h.send("PATCH", "/2025-07/product/2001", R"({"type_id":1})"))["name"].is_null(); }},
        {"PRD-VARIANTS-UPDATE.accepts-status-4",
         [](Harness& h) { return h.send("PATCH", "/2025-07/product/2001/variants", R"({"id":3001,"status":4})").status == 200; }},
        {"PRD-META-ADD.record-missing-from-response",
         [](Harness& h) {
             auto p = body_of(h.post("/2025-07/variant/3003/channel-metadata", {{"channel_id", 101}, {"seller_sku", "PROBE"}}));
             for (const auto& v : p["variants"])
                 for (const auto& m : v["channel_metadata"])
                     if (m["seller_sku"] == "PROBE") return false;
             return true;
         }},
        {"PRD-META-DELETE.record-kept",
         [](Harness& h) {
             h.send("DELETE", "/2025-07/variant/3001/channel-metadata/30010");
             return body_of(h.get("/2025-07/product/2001/variants"))[0]["channel_metadata"].size() == 1;
         }},
        {"PRD-DELETE.still-listed",
         [](Harness& h) {
             h.send("DELETE", "/2025-07/product/2006");
             auto list = body_of(h.get("/2025-07/product"));
             for (const auto& p : list["items"])
                 if (p["id"] == 2006) return true;
             return false;
         }},
        {"PRD-SHAPES.weight-as-number-in-response",
         [](Harness& h) { return body_of(h.get("/2025-07/product/2001/variants"))[0]["weight"].is_number(); }},
        {"PRD-MERGE.answers-variant", product_probes::merge_answers_variant},
        {"PRD-VARIANTS-CREATE.answer-lacks-new-variants", product_probes::variants_create_stale},
        // Locations
        {"LOC-FILTERS.receiving-enabled-ignored",
         [](Harness& h) {
             auto list = body_of(h.get("/2025-07/location?ReceivingEnabled=true"));
             for (const auto& l : list)
                 if (!l["is_receiving_enabled"].get<bool>()) return true;
             return false;
         }},
        {"LOC-FILTERS.inactive-always-included",
         [](Harness& h) {
             auto list = body_of(h.get("/2025-07/location"));
             for (const auto& l : list)
                 if (!l["is_active"].get<bool>()) return true;
             return false;
         }},
        // Inventory
        {"INV-LIST.is-digital-ignored",
         [](Harness& h) {
             auto page = body_of(h.get("/2025-07/inventory?IsDigital=true"));
             for (const auto& i : page["items"])
                 if (!i["variant"]["is_digital"].get<bool>()) return true;
             return false;
         }},
        // Receiving
        {"WRO-LIST.external-sync-ignored",
         [](Harness& h) {
             auto list = body_of(h.get("/2025-07/receiving?ExternalSync=true"));
             for (const auto& w : list)
                 if (w["external_sync_timestamp"].is_null()) return true;
             return false;
         }},
        {"WRO-LIST.statuses-ignored",
         [](Harness& h) {
             auto list = body_of(h.get("/2025-07/receiving?Statuses=Awaiting"));
             for (const auto& w : list)
                 if (w["status"] != "Awaiting") return true;
             return false;
         }},
        {"WRO-ENUMS.status-outside-set", [](Harness& h) { return body_of(h.get("/2025-07/receiving/8003"))["status"] == "Received"; }},
        {"WRO-GET.wrong-record", [](Harness& h) { return body_of(h.get("/2025-07/receiving/8003"))["id"] != 8003; }},
        {"WRO-CANCEL.status-unchanged", receiving_probes::wro_cancel_unchanged},
        // Stances
        {"NS-VALIDATION-STATUS.refuses-with-422",
         [](Harness& h) { return create(h, with(valid_order("F-422"), "gift_message", repeat("g", 501))).status == 422; }},
        {"NS-ERROR-BODY.message-only",
         [](Harness& h) {
             const auto refused = create(h, with(valid_order("F-BODY"), "gift_message", repeat("g", 501)));
             const auto body = nlohmann::json::parse(refused.body, nullptr, false);
             return refused.status == 400 && body.is_object() && body.contains("message") && !body.contains("error");
         }},
        {"NS-LIST-ORDER.newest-first",
         [](Harness& h) {
             const auto ids = list_ids(h, "Limit=3&Page=1");
             return ids.size() == 3 && ids.front() > ids.back();
         }},
        {"NS-FILLED-FIELDS.null-links-left-out",
         [](Harness& h) { return !body_of(h.get("/2025-07/webhook?RecordsPerPage=250")).contains("next"); }},
        {"NS-RESPONSE-HEADERS.token-cacheable",
         [](Harness& h) {
             const auto renewed = refresh(h, oauth(h, "orders_read offline_access").first["refresh_token"].get<std::string>());
             return renewed.status == 200 && !renewed.headers.has("Cache-Control");
         }},
    };
    return table;
}

TEST(FaultCatalog, RowsMatchTheEnumAndNamesAreUnique) {
    const auto& catalog = fault_catalog();
    ASSERT_EQ(catalog.size(), static_cast<std::size_t>(Fault::Count));
    std::set<std::string> names;
    for (std::size_t i = 0; i < catalog.size(); ++i) {
        EXPECT_EQ(static_cast<std::size_t>(catalog[i].fault), i) << catalog[i].name;
        EXPECT_TRUE(names.insert(catalog[i].name).second) << catalog[i].name;
        EXPECT_EQ(catalog[i].name.rfind(catalog[i].rule_id + ".", 0), 0u) << catalog[i].name;
        EXPECT_FALSE(catalog[i].area.empty());
        EXPECT_FALSE(catalog[i].section.empty());
        EXPECT_FALSE(catalog[i].description.empty());
    }
    EXPECT_GE(catalog.size(), 18u);
}

TEST(FaultCatalog, EveryFaultHasAProbe) {
    for (const auto& info : fault_catalog()) EXPECT_TRUE(probes().count(info.name)) << info.name;
    EXPECT_EQ(probes().size(), fault_catalog().size());
}

TEST(FaultSet, ValidatesNames) {
    EXPECT_TRUE(FaultSet::from_names({}).ok());
    auto ok = FaultSet::from_names({"ORD-GIFT-500.accepts-501"});
    ASSERT_TRUE(ok.ok());
    EXPECT_TRUE(ok->on(Fault::OrderGiftMessage501));
    EXPECT_FALSE(ok->on(Fault::OrderNumber401));
    EXPECT_EQ(ok->names(), std::vector<std::string>{"ORD-GIFT-500.accepts-501"});
    auto bad = FaultSet::from_names({"ORD-GIFT-500.accepts-501", "nope"});
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("nope"), std::string::npos);
}

class EachFault : public ::testing::TestWithParam<std::string> {};

TEST_P(EachFault, OffByDefaultOnWhenNamed) {
    const auto& probe = probes().at(GetParam());
    Harness off;
    ASSERT_TRUE(off.server);
    EXPECT_FALSE(probe(off)) << GetParam() << " is observable with no fault on";
    Harness on({GetParam()});
    ASSERT_TRUE(on.server);
    EXPECT_TRUE(probe(on)) << GetParam() << " did not change behaviour when on";
}

std::vector<std::string> fault_names() {
    std::vector<std::string> out;
    for (const auto& info : fault_catalog()) out.push_back(info.name);
    return out;
}

INSTANTIATE_TEST_SUITE_P(Catalog, EachFault, ::testing::ValuesIn(fault_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string n;
                             for (char c : info.param) n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                             return n;
                         });

}  // namespace
}  // namespace dockside::refserver
