#include "harness/validate/response_validator.h"

#include <atomic>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace dockside::validate {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

const spec::Spec& fixture() {
    static const spec::Spec spec = [] {
        auto loaded = spec::Spec::load(DOCKSIDE_VALIDATE_FIXTURES "/validator.openapi.yaml", "");
        if (!loaded) ADD_FAILURE() << loaded.error().to_string();
        return std::move(loaded).value();
    }();
    return spec;
}

const ResponseValidator& validator() {
    static const ResponseValidator v(fixture());
    return v;
}

const spec::Operation& op(const char* id) {
    const spec::Operation* found = fixture().find(id);
    EXPECT_NE(found, nullptr) << id;
    return *found;
}

json valid_order() {
    return json::parse(R"({
      "id": 12, "created_date": "2025-07-01T12:00:00Z", "purchase_date": null, "status": "Processing",
      "tags": [{"name": "k", "value": "v"}],
      "shipments": [{"id": 7, "status": "Completed", "gift_message": null, "charge_date": "2025-07-02",
                     "big_id": 9223372036854775807,
                     "tracking": {"tracking_number": "1Z", "tracking_url": "https://track.test/1Z"}}]
    })");
}

http::Response json_response(int status, const json& body) {
    http::Response r;
    r.status = status;
    r.headers.set("Content-Type", "application/json; charset=utf-8");
    r.body = body.dump();
    return r;
}

std::vector<Violation> check_order(const json& body) {
    return validator().validate(op("getOrder"), json_response(200, body));
}

std::string all(const std::vector<Violation>& vs) {
    std::string out;
    for (const auto& v : vs) out += v.message() + "\n";
    return out;
}

TEST(ResponseValidator, ValidBodyHasNoViolations) {
    auto vs = check_order(valid_order());
    EXPECT_TRUE(vs.empty()) << all(vs);
    json nullable = valid_order();
    nullable["tags"] = nullptr;
    nullable["shipments"][0]["tracking"] = nullptr;
    nullable["purchase_date"] = "2025-06-30T08:00:00.5+02:00";
    nullable["extra_field"] = "tolerated";  // no additionalProperties: false in the contract
    vs = check_order(nullable);
    EXPECT_TRUE(vs.empty()) << all(vs);
}

TEST(ResponseValidator, MissingRequiredFieldIsConvFieldsAtTheFieldsPointer) {
    json body = valid_order();
    body["shipments"][0].erase("status");
    auto vs = check_order(body);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "CONV-FIELDS");
    EXPECT_EQ(vs[0].pointer, "/shipments/0/status");
    EXPECT_EQ(vs[0].expected, "required field 'status' present");
    EXPECT_EQ(vs[0].actual, "absent");
    EXPECT_THAT(vs[0].spec_location, HasSubstr("/components/schemas/Shipment"));
    EXPECT_THAT(vs[0].spec_location, HasSubstr("(Endpoints > Orders > GET /2025-07/order/{orderId})"));
}

TEST(ResponseValidator, EnumViolationNamesTheNearestXRule) {
    json body = valid_order();
    body["shipments"][0]["status"] = "Bogus";
    auto vs = check_order(body);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "SHP-ENUMS");
    EXPECT_EQ(vs[0].pointer, "/shipments/0/status");
    EXPECT_EQ(vs[0].expected, "one of [None, Processing, Completed]");
    EXPECT_EQ(vs[0].actual, "string \"Bogus\"");
    EXPECT_THAT(vs[0].spec_location, HasSubstr("/components/schemas/Shipment/properties/status ("));
}

TEST(ResponseValidator, WrongTypeIsConvTypes) {
    json body = valid_order();
    body["id"] = "12";
    auto vs = check_order(body);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "CONV-TYPES");
    EXPECT_EQ(vs[0].pointer, "/id");
    EXPECT_EQ(vs[0].expected, "integer");
    EXPECT_EQ(vs[0].actual, "string \"12\"");
}

TEST(ResponseValidator, NullWhereNotNullableIsConvTypes) {
    json body = valid_order();
    body["created_date"] = nullptr;
    auto vs = check_order(body);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "CONV-TYPES");
    EXPECT_EQ(vs[0].pointer, "/created_date");
    EXPECT_EQ(vs[0].expected, "string");
    EXPECT_EQ(vs[0].actual, "null");
}

TEST(ResponseValidator, DateTimeFormat) {
    json body = valid_order();
    body["created_date"] = "2025-07-01 12:00:00";
    body["purchase_date"] = "2025-02-30T00:00:00Z";
    auto vs = check_order(body);
    ASSERT_EQ(vs.size(), 2u) << all(vs);
    EXPECT_EQ(vs[0].rule, "CONV-TYPES");
    EXPECT_EQ(vs[0].pointer, "/created_date");
    EXPECT_THAT(vs[0].expected, HasSubstr("date-time (RFC 3339"));
    EXPECT_EQ(vs[0].actual, "string \"2025-07-01 12:00:00\"");
    EXPECT_EQ(vs[1].pointer, "/purchase_date");
}

TEST(ResponseValidator, DateFormat) {
    json body = valid_order();
    body["shipments"][0]["charge_date"] = "2025-07-02T00:00:00Z";
    auto vs = check_order(body);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].pointer, "/shipments/0/charge_date");
    EXPECT_THAT(vs[0].expected, HasSubstr("full-date"));
}

TEST(ResponseValidator, Int32AndInt64Widths) {
    json body = valid_order();
    body["id"] = 2147483648LL;
    body["shipments"][0]["big_id"] = json::parse("9223372036854775808");
    auto vs = check_order(body);
    ASSERT_EQ(vs.size(), 2u) << all(vs);
    EXPECT_EQ(vs[0].rule, "CONV-TYPES");
    EXPECT_EQ(vs[0].pointer, "/id");
    EXPECT_EQ(vs[0].expected, "int32 (-2147483648..2147483647)");
    EXPECT_EQ(vs[0].actual, "integer 2147483648");
    EXPECT_EQ(vs[1].pointer, "/shipments/0/big_id");
    EXPECT_THAT(vs[1].expected, HasSubstr("int64"));
    EXPECT_EQ(vs[1].actual, "integer 9223372036854775808");
    // Boundaries themselves conform.
    body["id"] = -2147483648LL;
    body["shipments"][0]["big_id"] = -9223372036854775807LL - 1;
    EXPECT_TRUE(check_order(body).empty());
}

TEST(ResponseValidator, UriFormatWithoutAndWithXRule) {
    json body = valid_order();
    body["shipments"][0]["tracking"]["tracking_url"] = "track.test/1Z";
    auto vs = check_order(body);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "CONV-TYPES");
    EXPECT_EQ(vs[0].pointer, "/shipments/0/tracking/tracking_url");
    EXPECT_THAT(vs[0].expected, HasSubstr("uri"));

    json hook = {{"id", "wh_1"}, {"url", "http://hooks.test/x"}, {"topics", {"order.shipped"}}};
    vs = validator().validate(op("createWebhook"), json_response(200, hook));
    ASSERT_EQ(vs.size(), 1u) << all(vs);  // a valid URI, but not HTTPS
    EXPECT_EQ(vs[0].rule, "WH-HTTPS");
    EXPECT_EQ(vs[0].pointer, "/url");
    EXPECT_EQ(vs[0].expected, "a string matching \"^https://\"");

    hook["url"] = "not a uri";
    vs = validator().validate(op("createWebhook"), json_response(200, hook));
    ASSERT_EQ(vs.size(), 2u) << all(vs);  // format and pattern both fail, both under WH-HTTPS
    EXPECT_EQ(vs[0].rule, "WH-HTTPS");
    EXPECT_EQ(vs[1].rule, "WH-HTTPS");
}

TEST(ResponseValidator, MaxLengthCountsCharacters) {
    json body = valid_order();
    std::string accented;
    for (int i = 0; i < 500; ++i) accented += "\xC3\xA9";  // 500 characters, 1000 bytes
    body["shipments"][0]["gift_message"] = accented;
    auto vs = check_order(body);
    EXPECT_TRUE(vs.empty()) << all(vs);
    body["shipments"][0]["gift_message"] = std::string(501, 'x');
    vs = check_order(body);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "SHP-GIFT-500");
    EXPECT_EQ(vs[0].pointer, "/shipments/0/gift_message");
    EXPECT_EQ(vs[0].expected, "at most 500 characters");
    EXPECT_EQ(vs[0].actual, "501 characters");
}

TEST(ResponseValidator, NullableReferenceReportsOnceWithBothAlternatives) {
    json body = valid_order();
    body["shipments"][0]["tracking"] = "1Z";
    auto vs = check_order(body);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "CONV-TYPES");
    EXPECT_EQ(vs[0].pointer, "/shipments/0/tracking");
    EXPECT_EQ(vs[0].expected, "Tracking or null");
    EXPECT_EQ(vs[0].actual, "string \"1Z\"");
}

TEST(ResponseValidator, NullableReferenceLooksInsideTheObjectBranch) {
    json body = valid_order();
    body["shipments"][0]["tracking"]["tracking_number"] = 5;
    body["shipments"][0]["tracking"].erase("tracking_url");
    auto vs = check_order(body);
    ASSERT_EQ(vs.size(), 2u) << all(vs);  // no noise from the null branch or the anyOf summary
    EXPECT_EQ(vs[0].pointer, "/shipments/0/tracking/tracking_number");
    EXPECT_EQ(vs[0].rule, "CONV-TYPES");
    EXPECT_EQ(vs[0].expected, "string");
    EXPECT_EQ(vs[1].pointer, "/shipments/0/tracking/tracking_url");
    EXPECT_EQ(vs[1].rule, "CONV-FIELDS");
    EXPECT_THAT(vs[1].spec_location, HasSubstr("/components/schemas/Tracking"));
}

TEST(ResponseValidator, ArrayRootXRuleGovernsItsItems) {
    json list = json::array({valid_order(), valid_order()});
    list[1].erase("created_date");
    auto vs = validator().validate(op("listOrders"), json_response(200, list));
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].pointer, "/1/created_date");
    EXPECT_EQ(vs[0].rule, "ORD-LIST-SHAPE");  // the nearest x-rule on the schema path

    vs = validator().validate(op("listOrders"), json_response(200, valid_order()));
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].pointer, "");
    EXPECT_EQ(vs[0].rule, "ORD-LIST-SHAPE");
    EXPECT_EQ(vs[0].expected, "array");
}

TEST(ResponseValidator, UndeclaredStatusIsErrCodes) {
    auto vs = validator().validate(op("createOrder"), json_response(200, valid_order()));
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "ERR-CODES");
    EXPECT_EQ(vs[0].pointer, "");
    EXPECT_EQ(vs[0].expected, "one of 201, 4XX");
    EXPECT_EQ(vs[0].actual, "200");
    EXPECT_THAT(vs[0].spec_location, HasSubstr("/paths/~12025-07~1order/post/responses"));
    EXPECT_TRUE(validator().validate(op("createOrder"), json_response(201, valid_order())).empty());

    http::Response not_found;
    not_found.status = 404;  // deleteWebhook declares 204 and 401 only
    vs = validator().validate(op("deleteWebhook"), not_found);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "ERR-CODES");
    EXPECT_EQ(vs[0].expected, "one of 204, 401");
}

TEST(ResponseValidator, ServerErrorBreaksTheRulesDataServerErrorRule) {
    http::Response r;
    r.status = 503;
    r.body = "<html>oops</html>";
    // The fixture has no rules data: a 5xx is still the one violation, naming no rule.
    auto vs = validator().validate(op("getOrder"), r);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "");
    EXPECT_EQ(vs[0].actual, "503");
    // With a status_class check that rules out 5xx for any request, the violation names its rule.
    const json rules = {{"rules", json::array({{{"id", "ERR-NO5XX"},
                                                {"check", {{"type", "status_class"}, {"when", "any_request"},
                                                           {"expect", "any"}, {"never", {"5xx"}}}}}})}};
    auto with_rules = spec::Spec::from_documents(fixture().document(), rules, "validator with rules");
    ASSERT_TRUE(with_rules.ok()) << with_rules.error().to_string();
    const ResponseValidator v(*with_rules);
    vs = v.validate(*with_rules->find("getOrder"), r);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "ERR-NO5XX");
}

TEST(ResponseValidator, ContentTypeAndJsonAreConvJson) {
    http::Response r = json_response(200, valid_order());
    r.headers.set("Content-Type", "text/plain");
    auto vs = validator().validate(op("getOrder"), r);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "CONV-JSON");
    EXPECT_EQ(vs[0].expected, "Content-Type application/json");
    EXPECT_EQ(vs[0].actual, "Content-Type text/plain");

    r.headers.remove("Content-Type");
    r.body = "{\"id\": 1,";
    vs = validator().validate(op("getOrder"), r);
    ASSERT_EQ(vs.size(), 2u) << all(vs);
    EXPECT_EQ(vs[0].actual, "no Content-Type");
    EXPECT_EQ(vs[1].rule, "CONV-JSON");
    EXPECT_EQ(vs[1].expected, "a JSON body");
    EXPECT_THAT(vs[1].actual, HasSubstr("unparsable body"));
}

TEST(ResponseValidator, UnspecifiedResponsesAreOnlyCheckedToBeJson) {
    // The 4XX body shape is not shown: any JSON passes, non-JSON does not.
    auto vs = validator().validate(op("getOrder"), json_response(404, json::array({1, "x"})));
    EXPECT_TRUE(vs.empty()) << all(vs);
    http::Response bad = json_response(400, json::object());
    bad.body = "Bad Request";
    vs = validator().validate(op("getOrder"), bad);
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "CONV-JSON");

    // x-unspecified: [response] on the operation: the declared schema is not applied.
    vs = validator().validate(op("estimateOrder"), json_response(200, json::array()));
    EXPECT_TRUE(vs.empty()) << all(vs);
}

TEST(ResponseValidator, NoContentDeclaredMeansNoBodyChecks) {
    http::Response r;
    r.status = 204;
    auto vs = validator().validate(op("deleteWebhook"), r);
    EXPECT_TRUE(vs.empty()) << all(vs);
}

TEST(ResponseValidator, RequestBodySelfCheck) {
    auto vs = validator().validate_request_body(op("createOrder"), json::parse(R"({"gift_message": null})"));
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, "CONV-FIELDS");
    EXPECT_EQ(vs[0].pointer, "/products");

    vs = validator().validate_request_body(
        op("createOrder"), json{{"products", json::array()}, {"gift_message", std::string(501, 'g')}});
    ASSERT_EQ(vs.size(), 2u) << all(vs);  // in pointer order
    EXPECT_EQ(vs[0].rule, "ORD-GIFT-500");
    EXPECT_EQ(vs[0].pointer, "/gift_message");
    EXPECT_EQ(vs[1].rule, "ORD-REQ");
    EXPECT_EQ(vs[1].pointer, "/products");
    EXPECT_EQ(vs[1].expected, "at least 1 items");
    EXPECT_EQ(vs[1].actual, "0 items");

    EXPECT_TRUE(validator().validate_request_body(op("getOrder"), json::object()).empty());  // no body declared
}

TEST(ResponseValidator, SchemaThatCannotCompileIsReportedNotPassed) {
    auto vs = validator().validate(op("getBroken"), json_response(200, json::object()));
    ASSERT_EQ(vs.size(), 1u) << all(vs);
    EXPECT_EQ(vs[0].rule, kSpecSchemaRule);
    auto problems = validator().compile_all();
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_THAT(problems[0], HasSubstr("getBroken"));
}

TEST(ResponseValidator, MessageReadsAsOneLine) {
    Violation v{"SHP-ENUMS", "/shipments/0/status", "one of [A]", "string \"B\"", "/components/schemas/Shipment"};
    EXPECT_EQ(v.message(),
              "SHP-ENUMS at /shipments/0/status: expected one of [A], actual string \"B\" "
              "(spec: /components/schemas/Shipment)");
    Violation status{"ERR-CODES", "", "one of 201", "200", ""};
    EXPECT_EQ(status.message(), "ERR-CODES at (response): expected one of 201, actual 200");
}

TEST(ResponseValidator, OpenApi30NullableAndReferenceSiblingsAreHonoured) {
    json doc = json::parse(R"({
      "paths": {"/x": {"get": {"operationId": "getX", "responses": {"200": {"description": "x",
        "content": {"application/json": {"schema": {"type": "object", "required": ["a", "b", "c"],
          "properties": {
            "a": {"type": "string", "nullable": true, "example": {"id": "not a keyword"}},
            "b": {"$ref": "#/components/schemas/B", "nullable": true},
            "c": {"$ref": "#/components/schemas/B", "description": "d", "x-rule": "R-1", "maxLength": 2}
          }}}}}}}}},
      "components": {"schemas": {"B": {"type": "string"}}}})");
    auto spec = spec::Spec::from_documents(doc, json());
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    ResponseValidator v(*spec);
    const spec::Operation& get = *spec->find("getX");
    auto vs = v.validate(get, json_response(200, json{{"a", nullptr}, {"b", nullptr}, {"c", "ab"}}));
    EXPECT_TRUE(vs.empty()) << all(vs);
    vs = v.validate(get, json_response(200, json{{"a", "s"}, {"b", 3}, {"c", "abc"}}));
    ASSERT_EQ(vs.size(), 2u) << all(vs);
    EXPECT_EQ(vs[0].pointer, "/b");
    EXPECT_EQ(vs[0].expected, "string or null");
    EXPECT_EQ(vs[1].pointer, "/c");
    EXPECT_EQ(vs[1].rule, "R-1");  // the x-rule beside the $ref
    EXPECT_EQ(vs[1].expected, "at most 2 characters");
}

TEST(ResponseValidator, SharedAcrossThreads) {
    spec::Spec copy = fixture();  // a fresh validator, so compilation itself races
    ResponseValidator shared(copy);
    const spec::Operation& get = *copy.find("getOrder");
    json bad = valid_order();
    bad["shipments"][0]["status"] = "Bogus";
    http::Response good_response = json_response(200, valid_order());
    http::Response bad_response = json_response(200, bad);
    std::atomic<int> wrong{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 200; ++i) {
                if (!shared.validate(get, good_response).empty()) ++wrong;
                auto vs = shared.validate(get, bad_response);
                if (vs.size() != 1 || vs[0].pointer != "/shipments/0/status") ++wrong;
            }
        });
    for (auto& t : threads) t.join();
    EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
}  // namespace dockside::validate
