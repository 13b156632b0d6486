#include "tools/load/plan_builder.h"

#include <map>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "harness/http/json_query.h"
#include "generators/run_spec.h"
#include "generators/schema_gen.h"
#include "harness/http/url.h"
#include "harness/load/request_index.h"
#include "harness/load/request_writer.h"
#include "specs/loader/path_template.h"
#include "tools/load/operation_bindings.h"

namespace dockside::loadtool {
namespace {

using nlohmann::json;
constexpr int kSequenceWidth = 12;

struct Builder {
    const PlanInputs& in;
    const spec::Spec& spec;
    BuiltPlan out;
    std::vector<std::string> problems;
    std::map<std::string, int> pool_index;

    int pool(const std::string& name) {
        if (auto it = pool_index.find(name); it != pool_index.end()) return it->second;
        load::PoolPlan p;
        p.name = name;
        if (name == pools::orders) p.initial = in.catalog.order_ids;
        if (name == pools::receiving) p.initial = in.catalog.receiving_ids;
        out.plan.pools.push_back(p);
        return pool_index[name] = static_cast<int>(out.plan.pools.size()) - 1;
    }

    int index_of(const std::string& name) const {
        for (std::size_t i = 0; i < out.plan.operations.size(); ++i)
            if (out.plan.operations[i].name == name) return static_cast<int>(i);
        return -1;
    }

    /// Draws a value of `gen` for variant `i`: deterministic in (seed, operation, i).
    json draw(const rc::Gen<json>& gen, std::size_t op, int i) const {
        const auto key = load::mix64(in.seed ^ load::mix64(op * 1000003 + static_cast<std::size_t>(i)));
        return gen(rc::Random(key), 10 + i % 40).value();
    }

    std::vector<load::PathPiece> path_of(const load::ResolvedEntry& entry, const Binding* binding) {
        if (!entry.concrete_path.empty() || !entry.operation) {
            const auto q = entry.concrete_path.find('?');
            return {{entry.concrete_path.substr(0, q), -1, false}};
        }
        std::vector<load::PathPiece> pieces;  // parameters as the name with pool -2, bound below
        for (auto& piece : spec::template_pieces(entry.operation->path_template))
            pieces.push_back({std::move(piece.text), piece.parameter ? -2 : -1, false});
        for (auto& piece : pieces) {
            if (piece.pool != -2) continue;
            const PathSource* source = nullptr;
            if (binding)
                for (const auto& s : binding->path)
                    if (s.parameter == piece.literal) source = &s;
            if (!source) {
                problems.push_back(entry.name + ": no source for path id {" + piece.literal +
                                   "} (give a concrete path instead, e.g. \"" + entry.method + " " +
                                   entry.operation->path_template + "\" with the id filled in)");
                continue;
            }
            piece.pool = pool(source->pool);
            piece.take = source->take;
        }
        return pieces;
    }

    void add(const load::ResolvedEntry& entry, double weight) {
        const Binding* binding = entry.operation ? binding_for(entry.operation->id) : nullptr;
        const std::size_t op_number = out.plan.operations.size();
        load::OperationPlan op;
        op.name = entry.name;
        op.head = entry.method == "HEAD";
        op.validatable = entry.operation != nullptr;
        op.idempotent = entry.method == "GET" || entry.method == "HEAD" || entry.method == "PUT" ||
                        entry.method == "DELETE" || entry.method == "OPTIONS";
        load::RequestShape shape;
        shape.method = entry.method;
        shape.path = path_of(entry, binding);
        shape.channel_header = entry.operation && entry.operation->channel_header == spec::ChannelHeader::Required;
        shape.sequence_width = kSequenceWidth;
        if (const auto q = entry.concrete_path.find('?'); q != std::string::npos) shape.query = entry.concrete_path.substr(q + 1);
        std::optional<rc::Gen<json>> body;
        std::optional<rc::Gen<json>> query;
        if (binding && binding->body) body = binding->body(in.catalog, in.run_tag);
        if (binding && binding->query && shape.query.empty()) query = binding->query();
        if (!body && entry.operation && entry.operation->request_body_required) {
            const json* schema = generators::request_schema_of(*entry.operation);
            if (schema) {
                body = generators::gen_from_schema(spec, *schema);
                out.notes.push_back(entry.name + ": bodies drawn from the request schema (no hand-written generator)");
            } else {
                problems.push_back(entry.name + ": needs a request body whose shape the contract does not show");
            }
        }
        const bool varies = body || query;
        const int count = varies ? in.variants : 1;
        try {
            for (int i = 0; i < count; ++i) {
                if (query) shape.query = http::encode_query(http::to_query_params(draw(*query, op_number, i)));
                if (binding && !binding->query_id_pool.empty() && entry.concrete_path.empty()) {
                    const bool by_id = i % 2 == 1;
                    shape.query_id_name = binding->query_id_name;
                    shape.query_id_pool = by_id ? pool(binding->query_id_pool) : -1;
                    if (by_id) shape.query.clear();
                }
                if (body) {
                    json value = draw(*body, op_number, i);
                    if (binding && binding->adjust) binding->adjust(value);
                    shape.sequence_at = std::string::npos;
                    if (binding && !binding->sequence_field.empty() && value.is_object()) {
                        value[binding->sequence_field] = in.run_tag + std::string(kSequenceWidth, '#');
                        shape.body = value.dump();
                        shape.sequence_at = shape.body->find(in.run_tag + std::string(kSequenceWidth, '#')) + in.run_tag.size();
                    } else {
                        shape.body = value.dump();
                    }
                }
                op.variants.push_back(load::write_request(shape, in.access));
            }
        } catch (const std::exception& e) {
            problems.push_back(entry.name + ": cannot generate a request: " + e.what());
        }
        if (binding && !binding->capture_key.empty()) {
            op.capture_key = binding->capture_key;
            for (const auto& p : binding->capture_pools) op.capture_pools.push_back(static_cast<std::uint16_t>(pool(p)));
        }
        out.plan.operations.push_back(op);
        out.plan.weights.push_back(weight);
        out.operations.push_back(entry.operation);
    }
};

}  // namespace

std::set<CatalogNeed> catalog_needs(const std::vector<load::ResolvedEntry>& entries) {
    std::set<CatalogNeed> needs;
    for (const auto& e : entries) {
        const Binding* b = e.operation ? binding_for(e.operation->id) : nullptr;
        if (!b) continue;
        // Seed ids fill path slots, which a concrete path does not have; body data (a return's items)
        // is needed either way.
        const bool path_ids_given = !e.concrete_path.empty();
        for (auto need : b->needs)
            if (!(path_ids_given && (need == CatalogNeed::orders || need == CatalogNeed::receiving))) needs.insert(need);
        if (const Binding* f = b->fallback.empty() || path_ids_given ? nullptr : binding_for(b->fallback))
            needs.insert(f->needs.begin(), f->needs.end());
    }
    return needs;
}

Result<BuiltPlan, std::vector<std::string>> build_plan(const PlanInputs& inputs, const spec::Spec& spec) {
    generators::SpecScope scope(spec);  // bodies and queries follow the run's contract (--spec-dir), not the built-in one
    Builder b{inputs, spec, {}, {}, {}};
    for (const auto& entry : inputs.entries) b.add(entry, entry.weight);
    // Fallbacks (create before there is anything to cancel) are part of the plan even when the mix does
    // not name them; they get weight 0, so they run only in place of an operation that has no id yet.
    for (std::size_t i = 0; i < b.out.plan.operations.size(); ++i) {
        const spec::Operation* op = b.out.operations[i];
        const Binding* binding = op && inputs.entries.size() > i && inputs.entries[i].concrete_path.empty()
                                     ? binding_for(op->id)
                                     : nullptr;
        if (!binding || binding->fallback.empty()) continue;
        int target = b.index_of(binding->fallback);
        if (target < 0) {
            const spec::Operation* fallback = spec.find(binding->fallback);
            if (!fallback) continue;
            b.add(load::ResolvedEntry{fallback->id, fallback, fallback->method, "", 0}, 0);
            b.out.notes.push_back(binding->fallback + " added with weight 0: sent instead of " + op->id +
                                  " while there is no id to use");
            target = static_cast<int>(b.out.plan.operations.size()) - 1;
        }
        b.out.plan.operations[i].fallback = target;
    }
    auto plan_problems = b.out.plan.problems();
    b.problems.insert(b.problems.end(), plan_problems.begin(), plan_problems.end());
    if (!b.problems.empty()) return fail(std::move(b.problems));
    return std::move(b.out);
}

}  // namespace dockside::loadtool
