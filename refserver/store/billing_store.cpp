#include "refserver/store/billing_store.h"

#include <chrono>

#include "refserver/core/datetime.h"

namespace dockside::refserver {

TimePoint start_of_day(TimePoint t) { return std::chrono::floor<std::chrono::days>(t); }

std::string format_date(TimePoint t) { return format_iso8601(t).substr(0, 10); }

const InvoiceRecord* BillingState::invoice(std::int64_t id) const {
    for (const auto& i : invoices)
        if (i.id == id) return &i;
    return nullptr;
}

void BillingState::materialize(TimePoint now) {
    std::call_once(once_, [&] {
        const TimePoint today = start_of_day(now);
        auto day = [&](const nlohmann::json& j) { return today - std::chrono::days(j.value("days_ago", 0)); };
        for (const auto& f : seed.value("transaction_fees", nlohmann::json::array()))
            if (f.is_string()) fees.push_back(f);
        for (const auto& i : seed.value("invoices", nlohmann::json::array()))
            invoices.push_back({i.value("invoice_id", std::int64_t{0}), day(i), i.value("invoice_type", ""),
                                i.value("currency_code", "USD"), 0});
        for (const auto& t : seed.value("transactions", nlohmann::json::array())) {
            TransactionRecord rec;
            rec.charged = day(t);
            rec.invoice_id = t.value("invoice_id", std::int64_t{0});
            InvoiceRecord* inv = nullptr;
            for (auto& i : invoices)
                if (i.id == rec.invoice_id) inv = &i;
            const double amount = t.value("amount", 0.0);
            if (inv) inv->amount += amount;
            // Not-invoiced transactions carry invoice_id 0, their charge date as invoice_date and an
            // empty invoice_type: the schema has no null for these fields.
            rec.body = {{"transaction_id", t.value("transaction_id", "")},
                        {"transaction_type", t.value("transaction_type", "Charge")},
                        {"transaction_fee", t.value("transaction_fee", "")},
                        {"amount", amount},
                        {"currency_code", t.value("currency_code", "USD")},
                        {"charge_date", format_date(rec.charged)},
                        {"invoice_id", inv ? inv->id : 0},
                        {"invoice_date", format_date(inv ? inv->date : rec.charged)},
                        {"invoice_type", inv ? inv->type : ""},
                        {"invoiced_status", inv != nullptr},
                        {"reference_id", t.value("reference_id", "")},
                        {"reference_type", t.value("reference_type", "Shipment")},
                        {"fulfillment_center", t.value("fulfillment_center", "")},
                        {"additional_details", {{"comment", t.value("comment", "")}}},
                        {"taxes", t.value("taxes", nlohmann::json::array())}};
            if (!inv) rec.invoice_id = 0;
            transactions.push_back(std::move(rec));
        }
    });
}

}  // namespace dockside::refserver
