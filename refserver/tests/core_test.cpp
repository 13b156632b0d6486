// Unit tests of the shared helpers: datetimes, UTF-8, query parsing, body reading, router, errors.

#include <gtest/gtest.h>

#include "refserver/core/context.h"
#include "refserver/core/datetime.h"
#include "refserver/core/json_body.h"
#include "refserver/core/query.h"
#include "refserver/core/router.h"
#include "refserver/core/text.h"

namespace dockside::refserver {
namespace {

TEST(Datetime, FormatsUtcWithZ) {
    EXPECT_EQ(format_iso8601(TimePoint(std::chrono::seconds(1751371200))), "2025-07-01T12:00:00Z");
    EXPECT_EQ(format_iso8601(TimePoint(std::chrono::seconds(0))), "1970-01-01T00:00:00Z");
}

TEST(Datetime, ParsesIsoVariants) {
    const TimePoint noon(std::chrono::seconds(1751371200));
    EXPECT_EQ(parse_iso8601("2025-07-01T12:00:00Z"), noon);
    EXPECT_EQ(parse_iso8601("2025-07-01T12:00:00.123Z"), noon);
    EXPECT_EQ(parse_iso8601("2025-07-01T14:00:00+02:00"), noon);
    EXPECT_EQ(parse_iso8601("2025-07-01T07:00:00-05:00"), noon);
    EXPECT_EQ(parse_iso8601("2025-07-01t12:00:00z"), noon);
    EXPECT_EQ(parse_iso8601("2024-02-29T00:00:00Z").has_value(), true);
}

TEST(Datetime, RejectsNonIso) {
    for (const char* bad : {"", "07/01/2025", "2025-13-01", "2025-02-30", "2023-02-29", "2025-07-01T25:00:00Z",
                            "2025-07-01T12:00:00Q", "2025-07-01T12", "yesterday", "2025-07-01T12:00:00Zjunk"})
        EXPECT_FALSE(parse_iso8601(bad).has_value()) << bad;
}

TEST(Datetime, OnlyAnRfc3339DateTimeIsADateTime) {
    // NS-DATETIME-PROFILE: what the document types datetime is read as RFC 3339's date-time, nothing less.
    for (const char* partial : {"2025-07-01", "2025-07-01T12:00", "2025-07-01T12:00:00", "2025-07-01 12:00:00Z",
                                "2025-07-01T07:00:00-0500", "2025-07-01T12:00:00.Z"})
        EXPECT_FALSE(parse_iso8601(partial).has_value()) << partial;
}

TEST(Datetime, YearsATimePointCannotHoldAreRefused) {
    // Found by fuzzing: 0041-03-01 overflowed the nanosecond TimePoint (undefined behaviour).
    for (const char* far : {"0041-03-01T04:02:04Z", "0001-01-01T00:00:00Z", "1677-12-31T00:00:00Z", "2262-04-12T00:00:00Z", "9999-12-31T23:59:59Z",
                            "1899-12-31T23:59:59Z", "2200-01-01T00:00:00Z"})
        EXPECT_FALSE(parse_iso8601(far).has_value()) << far;
    EXPECT_EQ(format_iso8601(*parse_iso8601("1900-01-01T00:00:00Z")), "1900-01-01T00:00:00Z");
    EXPECT_EQ(format_iso8601(*parse_iso8601("2199-12-31T23:59:59Z")), "2199-12-31T23:59:59Z");
}

TEST(Datetime, UsStyleIsNotIso) {
    auto s = format_us_style(TimePoint(std::chrono::seconds(1751371200)));
    EXPECT_EQ(s, "07/01/2025 12:00:00");
    EXPECT_FALSE(parse_iso8601(s).has_value());
}

TEST(Utf8, CountsCodePointsNotBytes) {
    EXPECT_EQ(utf8_length("abc"), 3u);
    EXPECT_EQ(utf8_length("\xC3\xA9"), 1u);              // é
    EXPECT_EQ(utf8_length("\xE2\x82\xAC"), 1u);          // €
    EXPECT_EQ(utf8_length("\xF0\x9F\x98\x80x"), 2u);     // 😀x
}

TEST(Utf8, RejectsMalformed) {
    for (const char* bad : {"\xC3", "\xC0\xAF", "\xED\xA0\x80", "\xF5\x80\x80\x80", "\x80", "a\xE2\x82"})
        EXPECT_FALSE(utf8_length(bad).has_value());
}

TEST(Text, RandomHexIsLongAndDistinct) {
    auto a = random_hex(32), b = random_hex(32);
    EXPECT_EQ(a.size(), 64u);
    EXPECT_NE(a, b);
}

TEST(Query, DecodesAndMatchesNamesCaseInsensitively) {
    auto q = QueryParams::parse("Limit=5&ReferenceIds=a%2Cb,c+d&empty=&flag");
    ASSERT_TRUE(q.ok());
    EXPECT_EQ(q->get("limit"), "5");
    EXPECT_EQ(q->get("ReferenceIds"), "a,b,c d");
    EXPECT_EQ(q->get("empty"), "");
    EXPECT_EQ(q->get("flag"), "");
    EXPECT_FALSE(q->get("missing").has_value());
}

TEST(Query, RejectsBadEscapesAndInvalidUtf8) {
    EXPECT_FALSE(QueryParams::parse("a=%zz").ok());
    EXPECT_FALSE(QueryParams::parse("a=%4").ok());
    EXPECT_FALSE(QueryParams::parse("a=%C3").ok());
    EXPECT_EQ(QueryParams::parse("a=%zz").error().status, 400);
}

TEST(QueryReader, Int32Bounds) {
    auto q = QueryParams::parse("Limit=abc&Page=0&Ok=7&Big=2147483648").value();
    QueryReader a(q);
    EXPECT_FALSE(a.int32("Limit", 1, 250).has_value());
    ASSERT_TRUE(a.error().has_value());
    EXPECT_EQ(a.error()->field, "Limit");
    QueryReader b(q);
    b.int32("Page", 1, INT32_MAX);
    EXPECT_EQ(b.error()->field, "Page");
    QueryReader c(q);
    EXPECT_EQ(c.int32("Ok", 1, 10), 7);
    EXPECT_FALSE(c.int32("Absent", 1, 10).has_value());
    EXPECT_FALSE(c.error().has_value());
    QueryReader d(q);
    d.int32("Big", INT32_MIN, INT32_MAX);
    EXPECT_TRUE(d.error().has_value());
}

TEST(QueryReader, BooleansDatesLists) {
    auto q = QueryParams::parse("T=true&F=FALSE&Y=yes&D=2025-07-01T00:00:00Z&BadD=2025-99-01&I=1,%202,3&BadI=1,x&S=a,b&BadS=a,,b").value();
    QueryReader r(q);
    EXPECT_EQ(r.boolean("T"), true);
    EXPECT_EQ(r.boolean("F"), false);
    EXPECT_TRUE(r.datetime("D").has_value());
    EXPECT_EQ(r.int_list("I", 0, 10), (std::vector<std::int64_t>{1, 2, 3}));
    EXPECT_EQ(r.string_list("S"), (std::vector<std::string>{"a", "b"}));
    EXPECT_FALSE(r.error().has_value());
    for (const char* bad : {"Y", "BadD", "BadI", "BadS"}) {
        QueryReader e(q);
        if (std::string(bad) == "Y") e.boolean(bad);
        else if (std::string(bad) == "BadD") e.datetime(bad);
        else if (std::string(bad) == "BadI") e.int_list(bad, 0, 10);
        else e.string_list(bad);
        ASSERT_TRUE(e.error().has_value()) << bad;
        EXPECT_EQ(e.error()->field, bad);
    }
}

TEST(QueryReader, OneOf) {
    auto q = QueryParams::parse("SortOrder=descending&Bad=sideways").value();
    QueryReader r(q);
    EXPECT_EQ(r.one_of("SortOrder", {"Ascending", "Descending"}), "Descending");
    r.one_of("Bad", {"Ascending", "Descending"});
    EXPECT_TRUE(r.error().has_value());
}

http::Request json_request(std::string body, std::string ct = "application/json") {
    http::Request r;
    r.method = "POST";
    r.target = "/x";
    r.body = std::move(body);
    if (!ct.empty()) r.headers.set("Content-Type", ct);
    return r;
}

TEST(JsonBody, AcceptsJsonMediaTypes) {
    EXPECT_TRUE(is_json_media_type("application/json"));
    EXPECT_TRUE(is_json_media_type("Application/JSON; charset=utf-8"));
    EXPECT_TRUE(is_json_media_type("application/merge-patch+json"));
    EXPECT_FALSE(is_json_media_type("text/plain"));
    EXPECT_FALSE(is_json_media_type("application/x-www-form-urlencoded"));
}

TEST(JsonBody, RejectsBadBodies) {
    EXPECT_EQ(parse_json_body(json_request("{}", "text/plain")).error().status, 415);
    EXPECT_EQ(parse_json_body(json_request("{}", "")).error().status, 415);
    EXPECT_EQ(parse_json_body(json_request("")).error().status, 400);
    EXPECT_EQ(parse_json_body(json_request("{\"a\":")).error().status, 400);
    EXPECT_EQ(parse_json_body(json_request("{\"a\":\"\xC3\"}")).error().status, 400);
    EXPECT_TRUE(parse_json_body(json_request("{\"a\":1}")).ok());
}

TEST(BodyReader, TypedReadsNameTheField) {
    auto j = nlohmann::json::parse(R"({"s":"héllo","n":5,"big":3000000000,"str_int":"5","f":1.5,"b":true,
        "d":"2025-07-01T00:00:00Z","arr":[{"q":"x"}],"obj":{"inner":1},"nul":null})");
    {
        BodyReader r(j, "", "TEST");
        EXPECT_EQ(r.string("s", Need::Required, {1, 5}), "héllo");  // 5 characters, 6 bytes
        EXPECT_EQ(r.int32("n", Need::Required), 5);
        EXPECT_EQ(r.number("f", Need::Required), 1.5);
        EXPECT_EQ(r.boolean("b", Need::Required), true);
        EXPECT_TRUE(r.datetime("d", Need::Required).has_value());
        EXPECT_FALSE(r.string("nul", Need::Optional).has_value());
        EXPECT_FALSE(r.error().has_value());
    }
    auto expect_error = [&](auto read, const std::string& field, const std::string& rule) {
        BodyReader r(j, "", "TEST");
        read(r);
        ASSERT_TRUE(r.error().has_value()) << field;
        EXPECT_EQ(r.error()->field, field);
        EXPECT_EQ(r.error()->rule, rule);
        EXPECT_EQ(r.error()->status, 400);
    };
    expect_error([](BodyReader& r) { r.int32("big", Need::Required); }, "big", "CONV-TYPES");
    expect_error([](BodyReader& r) { r.int32("str_int", Need::Required); }, "str_int", "CONV-TYPES");
    expect_error([](BodyReader& r) { r.int32("f", Need::Required); }, "f", "CONV-TYPES");
    expect_error([](BodyReader& r) { r.string("s", Need::Required, {0, 4, "LIMIT"}); }, "s", "LIMIT");
    expect_error([](BodyReader& r) { r.string("missing", Need::Required); }, "missing", "TEST");
    expect_error([](BodyReader& r) { r.string("nul", Need::Required); }, "nul", "TEST");
    expect_error([](BodyReader& r) { r.datetime("s", Need::Required); }, "s", "CONV-TYPES");
    expect_error([](BodyReader& r) { r.enumeration("s", Need::Required, {"A"}, "ENUM"); }, "s", "ENUM");
    expect_error([](BodyReader& r) { r.array("obj", Need::Required); }, "obj", "CONV-TYPES");
    expect_error([](BodyReader& r) { r.array("arr", Need::Required, 2, "MIN"); }, "arr", "MIN");
    expect_error(
        [&](BodyReader& r) {
            auto* arr = r.array("arr", Need::Required);
            BodyReader item = r.nested((*arr)[0], "arr[0]");
            item.int32("q", Need::Required);
        },
        "arr[0].q", "CONV-TYPES");
}

TEST(BodyReader, NonObjectBodyIsAnError) {
    auto j = nlohmann::json::parse("[1,2]");
    BodyReader r(j, "", "TEST");
    ASSERT_TRUE(r.error().has_value());
    EXPECT_EQ(r.error()->field, "body");
}

Reply named(const std::string& name) {
    http::Response r;
    r.status = 200;
    r.body = name;
    return r;
}

/// The access of a sample route: only its name matters to the router.
OperationAccess op(const char* id) {
    OperationAccess access;
    access.operation_id = id;
    return access;
}

Router sample_router() {
    Router r;
    const ParameterTypes order{{"orderId", Route::Type::Int32}};
    r.add("GET", "/v/order", {}, op("list"), [](RequestContext&) { return named("list"); });
    r.add("POST", "/v/order", {}, op("create"), [](RequestContext&) { return named("create"); });
    r.add("GET", "/v/order/{orderId}", order, op("get"), [](RequestContext&) { return named("get"); });
    r.add("POST", "/v/order/{orderId}:cancel", order, op("cancel"), [](RequestContext&) { return named("cancel"); });
    r.add("POST", "/v/order:estimate", {}, op("estimate"), [](RequestContext&) { return named("estimate"); });
    r.add("GET", "/v/order/literal", {}, op("literal"), [](RequestContext&) { return named("literal"); });
    r.add("GET", "/v/item/{id}", {{"id", Route::Type::Int64}}, op("item"), [](RequestContext&) { return named("item"); });
    return r;
}

TEST(Router, ColonActionsAndLiteralsRoute) {
    Router r = sample_router();
    EXPECT_TRUE(r.problems().empty());
    EXPECT_EQ(r.match("POST", "/v/order:estimate")->route->access.operation_id, "estimate");
    auto cancel = r.match("POST", "/v/order/42:cancel");
    ASSERT_TRUE(cancel.ok());
    EXPECT_EQ(cancel->route->access.operation_id, "cancel");
    EXPECT_EQ(cancel->params.integer("orderId"), 42);
    EXPECT_EQ(r.match("GET", "/v/order/7")->route->access.operation_id, "get");
    EXPECT_EQ(r.match("GET", "/v/order/literal")->route->access.operation_id, "literal");
    EXPECT_EQ(r.match("GET", "/v/item/9000000000")->params.integer("id"), 9000000000LL);
}

TEST(Router, UnknownWrongMethodAndBadParams) {
    Router r = sample_router();
    EXPECT_EQ(r.match("GET", "/v/nothing").error().status, 404);
    EXPECT_EQ(r.match("GET", "/v/order/").error().status, 404);
    EXPECT_EQ(r.match("GET", "/v/order/1/cancel").error().status, 404);
    auto wrong = r.match("DELETE", "/v/order");
    EXPECT_EQ(wrong.error().status, 405);
    EXPECT_EQ(wrong.error().headers.get("Allow"), "GET, POST");
    EXPECT_EQ(r.match("GET", "/v/order/42:cancel").error().status, 405);
    auto bad = r.match("GET", "/v/order/abc");
    EXPECT_EQ(bad.error().status, 400);
    EXPECT_EQ(bad.error().field, "orderId");
    EXPECT_EQ(r.match("GET", "/v/order/2147483648").error().field, "orderId");
    // A slash-style action is not a typed id under any method: 404, not 405.
    EXPECT_EQ(r.match("POST", "/v/order/estimate").error().status, 404);
}

TEST(Router, RecordsTemplatesItCannotServe) {
    Router r;
    r.add("GET", "/v/{id}x", {}, op("a"), nullptr);
    r.add("GET", "/v/x{id}", {}, op("b"), nullptr);
    r.add("GET", "/v/ok", {}, op("c"), nullptr);
    r.add("GET", "/v/ok", {}, op("d"), nullptr);
    EXPECT_EQ(r.problems().size(), 3u);
}

TEST(Errors, OneShapeWithJsonContentType) {
    auto r = error_response(validation_error("gift_message", "too long", "ORD-GIFT-500"));
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(r.media_type(), "application/json");
    auto j = nlohmann::json::parse(r.body);
    EXPECT_EQ(j["error"]["code"], "validation_failed");
    EXPECT_EQ(j["error"]["field"], "gift_message");
    EXPECT_EQ(j["error"]["rule"], "ORD-GIFT-500");
    EXPECT_EQ(error_response(unauthorized("x")).headers.get("WWW-Authenticate"), "Bearer");
    EXPECT_EQ(error_response(method_not_allowed("GET")).headers.get("Allow"), "GET");
}

TEST(Clock, ManualClockMoves) {
    ManualClock c(TimePoint(std::chrono::seconds(100)));
    c.advance(std::chrono::seconds(50));
    EXPECT_EQ(c.now(), TimePoint(std::chrono::seconds(150)));
    c.set(TimePoint(std::chrono::seconds(5)));
    EXPECT_EQ(c.now(), TimePoint(std::chrono::seconds(5)));
}

}  // namespace
}  // namespace dockside::refserver
