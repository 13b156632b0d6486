#include "harness/load/response_parser.h"

namespace dockside::load {

namespace bhttp = boost::beast::http;

ResponseParser::ResponseParser(std::string& body, std::string& content_type, bool capture,
                               const SeenStatuses* seen_errors, std::size_t body_limit, std::uint32_t header_limit)
    : body_(body), content_type_(content_type), capture_(capture), seen_errors_(seen_errors) {
    this->body_limit(body_limit);
    this->header_limit(header_limit);
    eager(true);
    body_.clear();
    content_type_.clear();
}

void ResponseParser::on_field_impl(bhttp::field name, boost::beast::string_view, boost::beast::string_view value,
                                   boost::beast::error_code&) {
    // Kept whatever the capture decision: it is only known once the status line and all fields are in.
    if (name == bhttp::field::content_type) content_type_.assign(value.data(), value.size());
}

std::size_t ResponseParser::on_body_impl(boost::beast::string_view body, boost::beast::error_code&) {
    if (capture_) body_.append(body.data(), body.size());
    return body.size();
}

std::size_t ResponseParser::on_chunk_body_impl(std::uint64_t, boost::beast::string_view body,
                                               boost::beast::error_code&) {
    if (capture_) body_.append(body.data(), body.size());
    return body.size();
}

}  // namespace dockside::load
