# cmake -DNODE=... -DDIR=... -DPACKAGE=npm-name [-DARGS="script.mjs;arg;..."] [-DNODE_TEST=ON] -P cmake/run_node.cmake
#
# Runs one node script of a checker folder (DIR holds the scripts, package.json and node_modules) after
# making sure node and the npm package PACKAGE are there, so that a machine without them fails with a
# message saying what to do instead of a stack trace. Without ARGS it only makes that check: the ctest
# fixture that guards the folder's other tests. Shared by the OpenAPI check and the histogram format oracle.
if(NOT NODE OR NODE MATCHES "-NOTFOUND$")
  message(FATAL_ERROR "node was not found when CMake configured: install Node.js (run tools/bootstrap) and re-run cmake")
endif()
if(NOT EXISTS "${DIR}/node_modules/${PACKAGE}/package.json")
  message(FATAL_ERROR "${DIR}/node_modules lacks ${PACKAGE}: run tools/bootstrap (it runs npm ci --prefix ${DIR})")
endif()
if(NOT ARGS)
  return()
endif()

list(POP_FRONT ARGS script)
set(command "${NODE}")
if(NODE_TEST)
  list(APPEND command --test)
endif()
list(APPEND command "${DIR}/${script}" ${ARGS})
execute_process(COMMAND ${command} WORKING_DIRECTORY "${DIR}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${script} ${ARGS} failed (exit ${rc})")
endif()
