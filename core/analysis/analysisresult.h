// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestresult.h"

#include <QList>
#include <QMap>
#include <QString>

#include <memory>

namespace rankscope::analysis {

using ingest::NoTime;

// One line of evidence: the file and line it came from and what it says.
struct Evidence
{
    SourceRef source;
    QString path; // resolved from source.file, relative to the opened root
    int rank = -1;
    QString node;
    qint64 timeMs = NoTime;
    QString text;
    bool partial = false;   // only the fingerprint's anchor matched (a cut or re-worded line)
    int joinedLines = 0;    // text continues over this many lines after source.line

    static Evidence of(const ingest::IngestResult &in, const ingest::Event &e)
    {
        Evidence ev;
        ev.source = e.source;
        const ingest::InputFile *f = in.file(e.source.file);
        ev.path = f ? f->path : QString();
        ev.rank = e.rank;
        ev.node = e.node;
        ev.timeMs = e.timeMs;
        ev.text = e.text;
        ev.partial = e.partial;
        ev.joinedLines = e.joinedLines;
        return ev;
    }
};

// A version or configuration fact about a node, with where it was read.
struct Fact
{
    QString node;
    QString component; // nccl, cuda, driver, torch, python, transport, net_plugin, hca, gpu, image, gdr, NCCL_*
    QString value;     // normalised (nccl "2.21.5", transport "IB")
    QString sourceKind; // "nccl-banner", "pip", "collect_env", "nvidia-smi", "env", "rankscope-json", …
    Evidence evidence;
};

struct MatrixCell
{
    enum class State { Consistent, Outlier, Conflicting, Unknown };
    State state = State::Unknown;
    QString value;          // the node's value (for Conflicting: the values joined by " | ")
    QStringList values;     // distinct values seen on the node
    QString majority;       // the value most nodes have
    QList<Evidence> evidence;
};

struct VersionMatrix
{
    QStringList components;
    QStringList nodes;
    QMap<QString, QMap<QString, MatrixCell>> cells; // node -> component -> cell

    struct Outlier
    {
        QString node;
        QString component;
        QString value;
        QString majority;
        Evidence evidence;
    };
    QList<Outlier> outliers;

    const MatrixCell *cell(const QString &node, const QString &component) const
    {
        const auto n = cells.constFind(node);
        if (n == cells.cend())
            return nullptr;
        const auto c = n->constFind(component);
        return c == n->cend() ? nullptr : &*c;
    }
};

struct ChainStep
{
    using Role = LineRole;
    Role role = Role::Context;
    QString entry;
    QString why;
    Evidence evidence;
};

struct Verdict
{
    int rank = -1;
    QString node;
    QStringList nodeAliases; // the pods that ran on node, when kubectl said so
    qint64 timeMs = NoTime;
    QString entry;
    bool external = false;
    double confidence = 0;
    QString summary;
    Evidence evidence;
    QList<ChainStep> chain;
    QString basis; // which rule decided: "scheduler", "hardware", "rank-local", "logical clocks", …
    // What to add to the bundle to decide better (the entries' `## Collect next`, for the gaps
    // this bundle has), and why the confidence is what it is.
    QStringList hints;
    QStringList confidenceNotes;
};

struct Diagnosis
{
    QString entry;
    QString title;
    QString category;
    QString role;
    double score = 0; // 0..1
    QList<Evidence> evidence;
};

// The one immutable result the GUI, the CLI and reports read (STYLE.md 11).
struct AnalysisResult
{
    ingest::IngestResultPtr ingest;
    QList<Fact> facts;
    VersionMatrix matrix;
    Verdict verdict;
    QList<Diagnosis> diagnoses;   // best first
    // For each event index of ingest->events: its role in the incident.
    QList<ChainStep::Role> eventRoles;
    Warnings warnings;            // analysis warnings (inventories); ingest warnings stay in ingest
    double seconds = 0;
};

using AnalysisResultPtr = std::shared_ptr<const AnalysisResult>;

} // namespace rankscope::analysis
