# cmake -DNODE=... -DCHECK_DIR=... [-DSCRIPT=file.mjs [-DARG=value] [-DNODE_TEST=ON]] -P run_node.cmake
#
# Runs one node script of the OpenAPI check, after making sure node and the npm dependencies are
# there, so that a machine without them fails with a message saying what to do instead of a stack
# trace. Without SCRIPT it only makes that check (the ctest fixture that guards the other tests).
if(NOT NODE OR NODE MATCHES "-NOTFOUND$")
  message(FATAL_ERROR "node was not found when CMake configured: install Node.js (run tools/bootstrap) and re-run cmake")
endif()
if(NOT EXISTS "${CHECK_DIR}/node_modules/@seriousme/openapi-schema-validator/package.json")
  message(FATAL_ERROR "${CHECK_DIR}/node_modules is missing: run tools/bootstrap (it runs npm ci --prefix specs/openapi-check)")
endif()
if(NOT SCRIPT)
  return()
endif()

set(command "${NODE}")
if(NODE_TEST)
  list(APPEND command --test)
endif()
list(APPEND command "${CHECK_DIR}/${SCRIPT}")
if(DEFINED ARG)
  list(APPEND command "${ARG}")
endif()
execute_process(COMMAND ${command} WORKING_DIRECTORY "${CHECK_DIR}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${SCRIPT} failed (exit ${rc})")
endif()
