// A load request as the exact bytes the engine writes: the base path before the path, a slot wherever a
// value is only known at send time (a pool id, the sequence, a refreshed credential), Content-Length of
// the body as it will be sent, and nothing the shape and access do not say.

#include <gtest/gtest.h>

#include <string>

#include "harness/load/request_writer.h"

namespace dockside::load {
namespace {

TargetAccess access_to(const std::string& base) {
    TargetAccess access;
    access.base = http::parse_url(base).value();
    access.channel = 7;
    access.channel_header = "service_channel_id";
    return access;
}

TEST(RequestWriter, AReadWithAPoolIdAndAFixedToken) {
    auto access = access_to("http://127.0.0.1:8080/api");
    access.token = "secret-token";
    RequestShape shape;
    shape.method = "GET";
    shape.path = {{"/items/", -1, false}, {"", 2, false}};
    shape.query = "Limit=5";
    const auto v = write_request(shape, access);
    EXPECT_EQ(v.bytes,
              "GET /api/items/?Limit=5 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: " + access.client.user_agent +
                  "\r\nAccept: application/json\r\nAuthorization: Bearer secret-token\r\n\r\n");
    ASSERT_EQ(v.slots.size(), 1u);
    EXPECT_EQ(v.slots[0].position, std::string("GET /api/items/").size());
    EXPECT_EQ(v.slots[0].kind, SlotKind::read_pool);
    EXPECT_EQ(v.slots[0].pool, 2);
}

TEST(RequestWriter, AWriteWithASequenceSlotARefreshedTokenAndTheChannel) {
    auto access = access_to("http://127.0.0.1:8080");
    access.token_refreshes = true;
    RequestShape shape;
    shape.method = "POST";
    shape.path = {{"/items", -1, false}};
    shape.body = R"({"ref":"R-0000"})";
    shape.sequence_at = std::string(R"({"ref":"R-)").size();
    shape.sequence_width = 4;
    shape.channel_header = true;
    const auto v = write_request(shape, access);
    const std::string head = "POST /items HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: " + access.client.user_agent +
                             "\r\nAccept: application/json\r\nAuthorization: Bearer ";
    // The four placeholder characters are left out: the slot writes four digits in their place.
    EXPECT_EQ(v.bytes, head + "\r\nservice_channel_id: 7\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n" +
                           R"({"ref":"R-"})");
    ASSERT_EQ(v.slots.size(), 2u);
    EXPECT_EQ(v.slots[0].kind, SlotKind::credential);
    EXPECT_EQ(v.slots[0].position, head.size());
    EXPECT_EQ(v.slots[1].kind, SlotKind::sequence);
    EXPECT_EQ(v.slots[1].width, 4);
    EXPECT_EQ(v.slots[1].position, v.bytes.size() - 2);
}

TEST(RequestWriter, AnIdInTheQueryAndAnEmptyPostSayTheirLength) {
    auto access = access_to("http://127.0.0.1:8080");
    RequestShape shape;
    shape.method = "POST";
    shape.path = {{"/items:sweep", -1, false}};
    shape.query_id_name = "ItemId";
    shape.query_id_pool = 0;
    const auto v = write_request(shape, access);
    EXPECT_NE(v.bytes.find("POST /items:sweep?ItemId= HTTP/1.1\r\n"), std::string::npos) << v.bytes;
    EXPECT_NE(v.bytes.find("Content-Length: 0\r\n"), std::string::npos) << v.bytes;
    EXPECT_EQ(v.bytes.find("Authorization"), std::string::npos) << v.bytes;  // no token, none sent
    ASSERT_EQ(v.slots.size(), 1u);
    EXPECT_EQ(v.slots[0].position, std::string("POST /items:sweep?ItemId=").size());
}

}  // namespace
}  // namespace dockside::load
