// The fast response-head scanner against Beast's parser as the oracle: wherever the scanner claims a
// complete head, Beast parses the same response to the same status, keep-alive and body length; any
// response Beast refuses, the scanner leaves to Beast. Responses are generated from the pieces servers
// send, with their case, whitespace and framing varied, and with stray bytes spliced in.

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include "harness/load/response_head.h"

namespace dockside::load {
namespace {

namespace bhttp = boost::beast::http;

struct BeastView {
    bool ok = false;
    int status = 0;
    bool keep_alive = false;
    std::size_t body = 0;
    std::size_t consumed = 0;
};

/// Beast's reading of `text` as one complete response (need_more counts as not ok).
BeastView beast_parse(const std::string& text) {
    BeastView v;
    bhttp::response_parser<bhttp::string_body> parser;
    parser.eager(true);
    boost::beast::error_code ec;
    v.consumed = parser.put(boost::asio::buffer(text), ec);
    if (ec || !parser.is_done()) return v;
    v.ok = true;
    v.status = static_cast<int>(parser.get().result_int());
    v.keep_alive = parser.keep_alive();
    v.body = parser.get().body().size();
    return v;
}

rc::Gen<std::string> gen_case(std::string name) {
    return rc::gen::map(rc::gen::inRange(0, 3), [name](int how) {
        std::string out = name;
        for (auto& c : out) {
            if (how == 1) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            if (how == 2 && &c == &out[0]) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
        return out;
    });
}

rc::Gen<std::string> gen_field() {
    return rc::gen::oneOf(
        rc::gen::apply([](std::string n, std::string ws) { return n + ":" + ws + "application/json" + ws; },
                       gen_case("content-type"), rc::gen::element<std::string>("", " ", "\t", "  ")),
        rc::gen::apply([](std::string n, std::string v) { return n + ": " + v; }, gen_case("connection"),
                       rc::gen::element<std::string>("close", "keep-alive", "Keep-Alive", "close, keep-alive", "upgrade", "",
                                                     " , close")),
        rc::gen::element<std::string>("Server: nginx/1.22.1", "Date: Mon, 23 Nov 2026 02:51:15 GMT", "ETag: \"6571\"",
                                      "X-Empty:", "Transfer-Encoding: chunked", "Upgrade: h2c", " folded", "Bad Name: x",
                                      "X-Obs: caf\xc3\xa9", "X-Ctl: a\x01" "b", "Content-Length: 5", "Content-Length: x1"));
}

rc::Gen<std::string> gen_response() {
    return rc::gen::exec([] {
        const int status = *rc::gen::element(100, 200, 201, 204, 304, 400, 404, 500, 503, 999);
        std::string text = *rc::gen::weightedElement<std::string>({{6, "HTTP/1.1 "}, {2, "HTTP/1.0 "}, {1, "HTTP/1.1  "},
                                                                   {1, "HTTP/2.0 "}, {1, "http/1.1 "}}) +
                           std::to_string(status) + *rc::gen::element<std::string>(" OK", " ", "", " Not Found Here");
        text += "\r\n";
        const auto count = static_cast<std::size_t>(*rc::gen::inRange(0, 5));
        const auto fields = *rc::gen::container<std::vector<std::string>>(count, gen_field());
        for (const auto& f : fields) text += f + *rc::gen::element<std::string>("\r\n", "\r\n", "\n");
        const int body = *rc::gen::inRange(0, 40);
        const bool length = *rc::gen::element(true, true, false);
        if (length) text += *gen_case("content-length") + ": " + std::to_string(body) + "\r\n";
        text += "\r\n" + std::string(static_cast<std::size_t>(body), 'b');
        if (*rc::gen::element(false, false, false, true)) {  // a stray byte anywhere
            const auto at = *rc::gen::inRange<std::size_t>(0, text.size());
            text.insert(at, 1, *rc::gen::element('\0', '\r', '\n', ' ', ':', '\x7f'));
        }
        return text;
    });
}

RC_GTEST_PROP(ResponseHead, AgreesWithBeastWheneverItClaimsAHead, ()) {
    const std::string text = *gen_response();
    ResponseHead head;
    const auto scan = scan_response_head(text, head);
    const auto beast = beast_parse(text);
    RC_TAG(scan == HeadScan::complete ? "scanner took it" : "left to Beast", beast.ok ? "Beast parses it" : "Beast refuses it");
    if (scan != HeadScan::complete) return;  // left to Beast: whatever it says stands
    const std::size_t end = head.length + static_cast<std::size_t>(head.content_length);
    if (end > text.size()) {
        RC_ASSERT(!beast.ok);  // the body is still to come: Beast is not done either
        return;
    }
    const auto exact = beast_parse(text.substr(0, end));
    RC_ASSERT(exact.ok);
    RC_ASSERT(exact.status == head.status);
    RC_ASSERT(exact.keep_alive == head.keep_alive);
    RC_ASSERT(exact.body == head.content_length);
    RC_ASSERT(exact.consumed == end);
}

TEST(ResponseHead, CommonShapesAreTakenAndTheRestLeftToBeast) {
    ResponseHead h;
    const std::string nginx =
        "HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
        "Connection: keep-alive\r\n\r\n{}";
    ASSERT_EQ(scan_response_head(nginx, h), HeadScan::complete);
    EXPECT_EQ(h.status, 200);
    EXPECT_EQ(h.content_length, 2u);
    EXPECT_TRUE(h.keep_alive);
    EXPECT_EQ(h.content_type, "application/json");
    EXPECT_EQ(h.length, nginx.size() - 2);
    EXPECT_EQ(scan_response_head(nginx.substr(0, 20), h), HeadScan::need_more);
    EXPECT_EQ(scan_response_head("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", h), HeadScan::complete);
    EXPECT_FALSE(h.keep_alive);
    EXPECT_EQ(scan_response_head("HTTP/1.1 204 No Content\r\n\r\n", h), HeadScan::complete);
    for (const char* other : {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "HTTP/1.1 200 OK\r\n\r\n",
                              "HTTP/1.1 100 Continue\r\n\r\n", "HTTP/1.1 OK-ISH\r\n\r\n", "garbage",
                              "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n",
                              "HTTP/1.1 200 OK\r\nX: a\r\n b\r\nContent-Length: 0\r\n\r\n"})
        EXPECT_EQ(scan_response_head(other, h), HeadScan::unsupported) << other;
}

TEST(ResponseHead, ControlBytesAreFoundAtEveryPositionOfAWord) {
    ResponseHead h;
    for (std::size_t at = 0; at < 24; ++at)
        for (char bad : {'\0', '\x01', '\n', '\x1f', '\x7f'}) {
            std::string value(24, 'v');
            value[at] = bad;
            const std::string text = "HTTP/1.1 200 OK\r\nX-Long: " + value + "\r\nContent-Length: 0\r\n\r\n";
            EXPECT_EQ(scan_response_head(text, h), HeadScan::unsupported) << at << " " << int(bad);
        }
    std::string obs_text;
    for (int c = 0x80; c <= 0xff; ++c) obs_text += static_cast<char>(c);
    const std::string text = "HTTP/1.1 200 OK\r\nX-Obs: \t" + obs_text + "\t\r\nContent-Length: 0\r\n\r\n";
    EXPECT_EQ(scan_response_head(text, h), HeadScan::complete);
}

}  // namespace
}  // namespace dockside::load
