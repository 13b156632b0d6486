// The hostile-input suite's main: runs every test, then compares the table the tests produced with
// docs/hostile-inputs.md (or rewrites it when DOCKSIDE_UPDATE_HOSTILE_TABLE=1). A filtered run only
// prints its rows: a partial table says nothing about the document.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "tools/hostile/hostile_table.h"

namespace {

class TableCheck : public ::testing::Environment {
public:
    void TearDown() override {
        using dockside::hostile::Table;
        const std::string observed = Table::instance().render();
        std::ofstream("hostile-inputs.observed.md") << observed;
        if (::testing::GTEST_FLAG(filter) != "*") {
            std::cout << "hostile table not compared (filtered run); rows observed:\n" << observed;
            return;
        }
        const char* update = std::getenv("DOCKSIDE_UPDATE_HOSTILE_TABLE");
        if (update && std::string(update) == "1") {
            std::ofstream(DOCKSIDE_HOSTILE_TABLE) << observed;
            std::cout << "rewrote " << DOCKSIDE_HOSTILE_TABLE << "\n";
            return;
        }
        std::ifstream in(DOCKSIDE_HOSTILE_TABLE);
        std::stringstream committed;
        committed << in.rdbuf();
        if (committed.str() == observed) return;
        std::istringstream a(committed.str()), b(observed);
        std::string line_a, line_b;
        int line = 0;
        while (true) {
            ++line;
            const bool more_a = static_cast<bool>(std::getline(a, line_a));
            const bool more_b = static_cast<bool>(std::getline(b, line_b));
            if (!more_a && !more_b) break;
            if (!more_a || !more_b || line_a != line_b) {
                ADD_FAILURE() << DOCKSIDE_HOSTILE_TABLE << " differs from what the tests observed, first at line " << line
                              << ":\n  committed: " << (more_a ? line_a : "<end>")
                              << "\n  observed:  " << (more_b ? line_b : "<end>")
                              << "\nIf the new observations are right, rerun with DOCKSIDE_UPDATE_HOSTILE_TABLE=1.";
                return;
            }
        }
    }
};

}  // namespace

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    ::testing::AddGlobalTestEnvironment(new TableCheck);
    return RUN_ALL_TESTS();
}
