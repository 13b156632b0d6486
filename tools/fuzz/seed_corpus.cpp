// Writes the fuzz targets' seed corpora from the generators: for every operation of the contract, raw
// HTTP requests with valid bodies (gen_from_schema) and the rule checks' probes of its body (values at
// and past each documented limit); for the response target, each operation's documented statuses with
// valid bodies and with bodies that break them. Deterministic (fixed RapidCheck seeds).
//
//   fuzz_seed_corpus SPECS_DIR OUT_DIR   -> OUT_DIR/request_path/*, OUT_DIR/response_handling/*

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <rapidcheck.h>

#include "generators/orders_gen.h"
#include "generators/probe_requests.h"
#include "generators/products_gen.h"
#include "generators/returns_gen.h"
#include "generators/run_spec.h"
#include "generators/schema_gen.h"
#include "harness/checks/registry.h"
#include "specs/loader/spec.h"
#include "tools/fuzz/request_path.h"

namespace {

using json = nlohmann::json;
namespace gen = dockside::generators;
namespace checks = dockside::checks;
namespace fs = std::filesystem;

constexpr int kPerOperation = 6;

template <class T>
T sample(const rc::Gen<T>& generator, int seed, int size = 20) {
    return generator(rc::Random(static_cast<std::uint64_t>(seed)), size).value();
}

/// Seeded ids (refserver/seed/default_seed.json) for path parameters, so seeds reach the handlers.
std::string path_of(const dockside::spec::Operation& op) {
    static const std::map<std::string, std::string> by_name = {
        {"orderId", "5001"},  {"shipmentId", "7001"}, {"productId", "2001"},        {"variantId", "3001"},
        {"invoiceId", "9002"}, {"channelMetadataId", "30010"}};
    const std::string& t = op.path_template;
    return *dockside::spec::fill_path(t, [&](const std::string& name) -> std::optional<std::string> {
        if (name == "id") return t.find("/return") != std::string::npos || t.find("/receiving") != std::string::npos ? "8001" : "1";
        const auto it = by_name.find(name);
        return it != by_name.end() ? it->second : "1";
    });
}

std::string http_request(const std::string& method, const std::string& target, const std::string& body) {
    std::string out = method + " " + target + " HTTP/1.1\r\nHost: fuzz.test\r\nAuthorization: Bearer " +
                      dockside::fuzz::kFuzzToken + "\r\nservice_channel_id: 101\r\n";
    if (!body.empty()) out += "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
    return out + "\r\n" + body;
}

void write(const fs::path& dir, const std::string& name, const std::string& bytes) {
    std::ofstream(dir / name, std::ios::binary) << bytes;
}

/// Bodies at and past the documented limits — the rule checks' probes of request bodies, planned from
/// the rules data (harness/checks) and put into valid bodies by the generators' RequestProvider, with the
/// reference server's seeded ids — and valid bodies of the operations with hand-written generators.
std::map<std::string, std::vector<json>> special_bodies(const dockside::spec::Spec& spec) {
    gen::SpecScope scope(spec);
    gen::TargetInputs inputs;
    inputs.run_tag = "FZ-";
    inputs.orders.product_ids = {3001, 3002};
    inputs.returns.inventory_ids = {4001, 4002};
    inputs.returns.fulfillment_center_id = 11;
    inputs.products = {{3001, 3002}, {101}};
    inputs.product_id = 2001;
    const gen::GeneratedRequests provider(inputs);
    std::map<std::string, std::vector<json>> out;
    int seed = 1;
    for (const auto& check : checks::registered_checks(spec)) {
        auto plan = checks::plan_check(spec, check);
        if (!plan) continue;  // `dockside spec check` reports it; the corpus does without
        for (const auto& probe : plan->probes) {
            if (probe.place != checks::Place::Body) continue;
            auto requests = provider.requests(probe);
            if (!requests) continue;
            const checks::ProbeRequest request = sample(*requests, seed++);
            if (request.body) out[probe.operation].push_back(*request.body);
        }
    }
    for (int i = 0; i < kPerOperation; ++i) {
        out["createOrder"].push_back(sample(gen::gen_order_create(inputs.orders), seed++));
        out["patchProduct"].push_back(sample(gen::gen_product_patch(inputs.products), seed++));
        out["createReturn"].push_back(sample(gen::gen_return_create(inputs.returns), seed++));
    }
    return out;
}

int write_request_corpus(const dockside::spec::Spec& spec, const fs::path& dir) {
    int written = 0;
    const auto special = special_bodies(spec);
    for (const auto& op : spec.operations()) {
        const std::string target = path_of(op);
        std::vector<std::string> bodies;
        if (const json* schema = gen::request_schema_of(op))
            for (int i = 0; i < kPerOperation; ++i) bodies.push_back(sample(gen::gen_from_schema(spec, *schema), 100 + i).dump());
        if (auto it = special.find(op.id); it != special.end())
            for (const auto& body : it->second) bodies.push_back(body.dump());
        if (bodies.empty()) bodies.push_back("");
        for (std::size_t i = 0; i < bodies.size(); ++i)
            write(dir, op.id + "-" + std::to_string(i), http_request(op.method, target, bodies[i]));
        written += static_cast<int>(bodies.size());
    }
    // Transport-level seeds: the framing the hostile-input suite sends.
    write(dir, "framing-no-host", "GET /2025-07/channel HTTP/1.1\r\nAuthorization: Bearer fuzz-token\r\n\r\n");
    write(dir, "framing-chunked", "POST /2025-07/webhook HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer fuzz-token\r\n"
                                  "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":\r\n2\r\n1}\r\n0\r\n\r\n");
    write(dir, "framing-http10", "GET /2025-07/order?Limit=2 HTTP/1.0\r\nAuthorization: Bearer fuzz-token\r\n\r\n");
    return written + 3;
}

int write_response_corpus(const dockside::spec::Spec& spec, const fs::path& dir) {
    int written = 0;
    const auto& ops = spec.operations();
    for (std::size_t i = 0; i < ops.size() && i < 256; ++i) {
        for (const auto& [status_key, response] : ops[i].responses) {
            const int status = status_key.size() == 3 && std::isdigit(static_cast<unsigned char>(status_key[1]))
                                   ? std::stoi(status_key)
                                   : 400;
            std::string body = "{}";
            if (response.schema) body = sample(gen::gen_from_schema(spec, *response.schema), 7 + written).dump();
            std::string head(4, '\0');
            head[0] = static_cast<char>(i);
            head[1] = static_cast<char>(((status - 100) >> 8) & 0xff);
            head[2] = static_cast<char>((status - 100) & 0xff);
            head[3] = 0;  // application/json
            write(dir, ops[i].id + "-" + status_key, head + body);
            ++written;
        }
    }
    return written;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: fuzz_seed_corpus SPECS_DIR OUT_DIR\n";
        return 2;
    }
    const std::string specs = argv[1];
    auto spec = dockside::spec::Spec::load(specs + "/fulfillment-2025-07.openapi.yaml", specs + "/rules.yaml");
    if (!spec) {
        std::cerr << "fuzz_seed_corpus: " << spec.error().to_string() << "\n";
        return 2;
    }
    const fs::path out = argv[2];
    fs::create_directories(out / "request_path");
    fs::create_directories(out / "response_handling");
    const int requests = write_request_corpus(*spec, out / "request_path");
    const int responses = write_response_corpus(*spec, out / "response_handling");
    std::cout << "fuzz_seed_corpus: " << requests << " requests, " << responses << " responses under " << out.string() << "\n";
    return 0;
}
