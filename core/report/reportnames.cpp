// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportnames.h"

using namespace Qt::StringLiterals;

namespace rankscope::report {

QString ReportNames::role(analysis::ChainStep::Role role)
{
    switch (role) {
    case analysis::ChainStep::Role::Initiating:
        return u"initiating"_s;
    case analysis::ChainStep::Role::Collateral:
        return u"collateral"_s;
    case analysis::ChainStep::Role::Context:
        break;
    }
    return u"context"_s;
}

QString ReportNames::eventKind(ingest::Event::Kind kind)
{
    switch (kind) {
    case ingest::Event::Kind::Fingerprint:
        break;
    case ingest::Event::Kind::ProcessStart:
        return u"process start"_s;
    case ingest::Event::Kind::NcclInitComplete:
        return u"NCCL init complete"_s;
    case ingest::Event::Kind::TrainingStep:
        return u"training step"_s;
    case ingest::Event::Kind::LastLine:
        return u"last line"_s;
    case ingest::Event::Kind::Fact:
        return u"fact"_s;
    }
    return u"event"_s;
}

} // namespace rankscope::report
