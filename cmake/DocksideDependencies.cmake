# Every dependency comes from Debian's packages (tools/bootstrap installs them); nothing is vendored.
find_package(Boost 1.74 REQUIRED COMPONENTS system)
find_package(OpenSSL REQUIRED)
find_package(Threads REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(yaml-cpp REQUIRED)
find_package(valijson REQUIRED)
find_package(CLI11 REQUIRED)
# The compressed HdrHistogram encoding of .hlog interval logs is zlib deflate.
find_package(ZLIB REQUIRED)
find_package(GTest REQUIRED)
find_package(rapidcheck REQUIRED)
# Optional: benchmarks under tools/bench are built only where Google Benchmark is installed.
find_package(benchmark QUIET)

# Debian's rapidcheck package ships the GoogleTest integration header but no target for it.
if(NOT TARGET dockside::rapidcheck_gtest)
  add_library(dockside_rapidcheck_gtest INTERFACE)
  target_link_libraries(dockside_rapidcheck_gtest INTERFACE rapidcheck GTest::gtest)
  add_library(dockside::rapidcheck_gtest ALIAS dockside_rapidcheck_gtest)
endif()
