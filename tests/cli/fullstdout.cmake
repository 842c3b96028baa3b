# SPDX-FileCopyrightText: 2026 RankScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Output that cannot be written is a failure: `rankscope ARGS > /dev/full` must exit non-zero and
# say why on standard error, not exit 0 with the output lost.
#   -DRANKSCOPE=<exe> -DARGS=a|b|c
cmake_policy(VERSION 3.22)
if(NOT EXISTS /dev/full)
    message(STATUS "no /dev/full on this system; nothing to check")
    return()
endif()
string(REPLACE "|" ";" _args "${ARGS}")
execute_process(COMMAND ${RANKSCOPE} ${_args} OUTPUT_FILE /dev/full RESULT_VARIABLE _rc ERROR_VARIABLE _err)
if("${_rc}" STREQUAL "0")
    message(FATAL_ERROR "rankscope ${ARGS} > /dev/full exited 0\n${_err}")
endif()
if(NOT _err MATCHES "cannot write the output to standard output: ")
    message(FATAL_ERROR "rankscope ${ARGS} > /dev/full did not say why it failed:\n${_err}")
endif()
