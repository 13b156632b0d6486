#include "tools/hostile/hostile_table.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace dockside::hostile {
namespace {

std::string cell(std::string text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
    return out;
}

}  // namespace

Table& Table::instance() {
    static Table table;
    return table;
}

void Table::add(Row row) {
    if (const auto* test = ::testing::UnitTest::GetInstance()->current_test_info()) row.group = test->test_suite_name();
    std::lock_guard lock(mutex_);
    rows_.push_back(std::move(row));
}

std::vector<Row> Table::rows() const {
    std::lock_guard lock(mutex_);
    return rows_;
}

std::string Table::render() const {
    auto rows = this->rows();
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.group < b.group; });
    std::string out =
        "# Hostile inputs tried against the reference server and `dockside serve`\n\n"
        "Written by the hostile-input suite (`tools/hostile/`), never by hand: every row is one input a test\n"
        "sent and the outcome that test observed. `ctest -R hostile_inputs` fails when this file and the\n"
        "observations differ; `DOCKSIDE_UPDATE_HOSTILE_TABLE=1 build/tools/hostile/hostile_inputs_test`\n"
        "rewrites it. \"Others answered\" means a second connection kept sending `GET /2025-07/channel`\n"
        "every 20 ms while the input was handled, and every one of those probes was answered 200 within the\n"
        "bound. The limits named here are typed once in `refserver/core/limits.h` and stated in\n"
        "`specs/rules.yaml` (NS-REQUEST-LIMITS, NS-RECORD-LIMIT, NS-CONNECTION-LIMIT).\n";
    std::string group;
    int n = 0;
    for (const auto& row : rows) {
        if (row.group != group) {
            group = row.group;
            out += "\n## " + group + "\n\n| # | hostile input | mode | outcome |\n|---|---|---|---|\n";
        }
        out += "| " + std::to_string(++n) + " | " + cell(row.input) + " | " + cell(row.mode) + " | " + cell(row.outcome) +
               " |\n";
    }
    return out;
}

}  // namespace dockside::hostile
