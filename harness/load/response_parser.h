#pragma once
/// The load engine's HTTP/1.1 response parser: Beast's basic_parser with callbacks that keep only what
/// a load run needs (status, keep-alive, and the body and Content-Type only when asked), so reading a
/// response allocates nothing once the capture buffers have grown to the responses' size.

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <boost/beast/http/basic_parser.hpp>

namespace dockside::load {

class ResponseParser final : public boost::beast::http::basic_parser<false> {
public:
    /// Statuses of which an example answer has been kept already.
    using SeenStatuses = std::bitset<600>;

    /// `body` receives the body when `capture` (it is cleared first), or when the status turns out to be
    /// 400 or more and `seen_errors` (if given) has no example of that status yet. `content_type` always
    /// receives the Content-Type value.
    ResponseParser(std::string& body, std::string& content_type, bool capture, const SeenStatuses* seen_errors,
                   std::size_t body_limit, std::uint32_t header_limit);

    int status() const { return status_; }

private:
    void on_request_impl(boost::beast::http::verb, boost::beast::string_view, boost::beast::string_view, int,
                         boost::beast::error_code&) override {}
    void on_response_impl(int code, boost::beast::string_view, int, boost::beast::error_code&) override {
        status_ = code;
    }
    void on_field_impl(boost::beast::http::field name, boost::beast::string_view, boost::beast::string_view value,
                       boost::beast::error_code&) override;
    void on_header_impl(boost::beast::error_code&) override {
        if (seen_errors_ && status_ >= 400 && status_ < 600 && !seen_errors_->test(static_cast<std::size_t>(status_)))
            capture_ = true;
    }
    void on_body_init_impl(const boost::optional<std::uint64_t>&, boost::beast::error_code&) override {}
    std::size_t on_body_impl(boost::beast::string_view body, boost::beast::error_code&) override;
    void on_chunk_header_impl(std::uint64_t, boost::beast::string_view, boost::beast::error_code&) override {}
    std::size_t on_chunk_body_impl(std::uint64_t, boost::beast::string_view body, boost::beast::error_code&) override;
    void on_finish_impl(boost::beast::error_code&) override {}

    std::string& body_;
    std::string& content_type_;
    bool capture_;
    const SeenStatuses* seen_errors_;
    int status_ = 0;
};

}  // namespace dockside::load
