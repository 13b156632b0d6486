include(GoogleTest)

# dockside_add_gtest(NAME name SOURCES a.cpp ... LIBS lib ...)
# One test executable; each GoogleTest case becomes its own ctest entry.
function(dockside_add_gtest)
  cmake_parse_arguments(ARG "" "NAME" "SOURCES;LIBS" ${ARGN})
  add_executable(${ARG_NAME} ${ARG_SOURCES})
  target_link_libraries(${ARG_NAME} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main GTest::gmock)
  target_compile_definitions(${ARG_NAME} PRIVATE DOCKSIDE_SPECS_DIR="${DOCKSIDE_SPECS_DIR}")
  gtest_discover_tests(${ARG_NAME} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 300)
endfunction()
