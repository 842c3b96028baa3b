// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace rankscope {

// What one log line is in an incident: evidence of the cause, a consequence of it, or context.
// The encyclopedia's fingerprints declare it, the ingest carries it with each fingerprint, the
// analysis gives it to each event of its chain, and the views draw it — one enum for all of them.
enum class LineRole { Initiating, Collateral, Context };

} // namespace rankscope
