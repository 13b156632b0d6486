#include "harness/server/access_log.h"

#include <gtest/gtest.h>

namespace dockside::server {
namespace {

TEST(AccessLog, LineHasTimePeerMethodTargetStatusBytesDuration) {
    AccessRecord r;
    r.time = std::chrono::system_clock::time_point(std::chrono::milliseconds(1751371200123));
    r.peer = "127.0.0.1:53412";
    r.method = "GET";
    r.target = "/2025-07/order?Limit=5";
    r.status = 200;
    r.body_bytes = 1234;
    r.duration = std::chrono::microseconds(3207);
    EXPECT_EQ(format_access_line(r), "2025-07-01T12:00:00.123Z 127.0.0.1:53412 GET /2025-07/order?Limit=5 200 1234 3.207ms");
}

TEST(AccessLog, CredentialsInTheQueryAreRedacted) {
    EXPECT_EQ(redact_target("/connect/token?grant_type=x&client_secret=s3&CODE=c&refresh_token=r&state=ok"),
              "/connect/token?grant_type=x&client_secret=REDACTED&CODE=REDACTED&refresh_token=REDACTED&state=ok");
    EXPECT_EQ(redact_target("/2025-07/order"), "/2025-07/order");
    EXPECT_EQ(redact_target("/a?token"), "/a?token");  // no value, nothing to hide
}

TEST(AccessLog, ControlBytesAndSpacesCannotForgeLines) {
    AccessRecord r;
    r.method = "GET";
    r.target = "/x y\r\n2025-01-01T00:00:00.000Z forged";
    r.status = 400;
    const std::string line = format_access_line(r);
    EXPECT_EQ(line.find('\n'), std::string::npos);
    EXPECT_NE(line.find("/x%20y%0D%0A2025"), std::string::npos) << line;
}

}  // namespace
}  // namespace dockside::server
