// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "linerole.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace rankscope::kb {

// Value types of the failure encyclopedia. An Entry is what one resources/encyclopedia/<id>.md
// file says (format: resources/encyclopedia/README.md); the parser fills it, the store keeps it
// as JSON, and the KnowledgeBase hands out const references. Plain structs with defaulted
// equality so that a round trip through the database can be compared field by field.

// What a failure usually is in an incident: the first cause, a consequence, or either.
enum class EntryRole { Initiating, Collateral, Either };
// What one matching log line is: evidence of the cause, a consequence, or mere context.
using FingerprintRole = LineRole;
enum class Severity { Fatal, Error, Warning, Info };

struct CodeBlock
{
    QString language; // bash, python or yaml
    QString code; // without the fences, indentation of the fence removed
    friend bool operator==(const CodeBlock &, const CodeBlock &) = default;
};

struct Step
{
    QString text;
    QList<CodeBlock> code;
    friend bool operator==(const Step &, const Step &) = default;
};

struct VerificationStep : Step
{
    QString expected; // what good output looks like (the `Expected:` line)
    friend bool operator==(const VerificationStep &, const VerificationStep &) = default;
};

struct Symptom
{
    QString text; // what you see
    QString meaning; // what it means
    friend bool operator==(const Symptom &, const Symptom &) = default;
};

// An inventory condition: "nccl differs across nodes", "transport equals Socket".
struct Condition
{
    enum class Kind { Differs, Equals };
    Kind kind = Kind::Differs;
    QString component; // nccl, cuda, driver, …, or an environment variable name
    QString value; // Equals only
    QString explanation;
    friend bool operator==(const Condition &, const Condition &) = default;
};

// `## Collect next`: what to add to the bundle when its evidence is thin, for one kind of gap.
struct Hint
{
    QString gap; // always, single-rank, no-timestamps, no-peer, no-kernel-log, no-nccl-debug, partial-match
    QString text;
    friend bool operator==(const Hint &, const Hint &) = default;
};

struct Example
{
    QString text;
    int line = 0; // 1-based line in the .md file
    friend bool operator==(const Example &, const Example &) = default;
};

struct Fingerprint
{
    QString entryId;
    QString regex; // PCRE2 as QRegularExpression understands it; (?P<name>…) groups
    QString anchor; // literal substring every match contains; the scanner's prefilter
    double weight = 0.0;
    FingerprintRole role = FingerprintRole::Context;
    Severity severity = Severity::Info;
    QString versions;
    // `anchor-case: insensitive`: the anchor is looked for in its usual case variants (as
    // written, lower, upper, capitalised) and the regex runs case-insensitively.
    bool caseless = false;
    // `partial: no`: the anchor alone does not fire the fingerprint. By default a line holding
    // the anchor whose regex fails (cut by a paste, re-worded by a release) still fires, at
    // reduced weight and without captures, when no other entry shares the anchor.
    bool partial = true;
    // `suggests:` entries that usually stand behind this generic line: when the incident has no
    // line of a more specific entry, they lead the diagnoses (the wrapper's own entry follows).
    QStringList suggests;
    // `points-at:` which capture or relation names the culprit (README: "points-at").
    QString pointsAt;
    // `recovers: yes`: the line says the entry's failure cleared (a port back to active).
    bool recovers = false;
    int line = 0; // 1-based line of the ```fingerprint fence in the .md file
    friend bool operator==(const Fingerprint &, const Fingerprint &) = default;
};

struct Entry
{
    QString id;
    QString title;
    QString category;
    EntryRole role = EntryRole::Either;
    QStringList tags;
    QString summary;
    QStringList related;
    QList<Symptom> symptoms;
    QString mechanism; // Markdown prose
    QStringList rootCauses;
    QStringList affected;
    QStringList confirm;
    QList<Step> fix;
    QList<VerificationStep> verification;
    QStringList prevention;
    QStringList lookUpstream;
    // How an initiating event of this entry compares with others (README: "Verdict rules").
    QString precedence;   // one of precedenceClasses(); empty: derived from category and role
    bool external = false; // a stop by the scheduler or the platform: nothing in the job failed
    // Entry ids or precedence classes. consequence-of: when one of them shows no later than this
    // entry's line, it caused it (a time limit after a hang). yields-to: when one of them shows
    // anywhere, it is the better view of the same failure (a store's "waiting for clients"
    // against the clients' "cannot connect"), unless this line names its culprit itself.
    QStringList consequenceOf;
    QStringList yieldsTo;
    // outlier-scope: where a version-matrix outlier explains this symptom through a related
    // entry's inventory conditions. Node (default): only on the node that printed the line.
    // Job: on any node of the job — a mismatch between nodes (two NCCL builds) shows on the
    // side that reads the other's message first, which is often the healthy one.
    enum class OutlierScope { Node, Job };
    OutlierScope outlierScope = OutlierScope::Node;
    QList<Fingerprint> fingerprints;
    QList<Hint> collectNext;
    QList<Condition> conditions;
    QList<Example> examples;
    QStringList references;
    QString sourcePath;
    bool userOverride = false; // a user entry that replaced a built-in one of the same id
    QHash<QString, int> headerLines; // header key -> 1-based line, for cross-entry diagnostics
    friend bool operator==(const Entry &, const Entry &) = default;
};

// A ranked answer of KnowledgeBase::classify(): the best fingerprint of one entry on one line.
struct FingerprintMatch
{
    QString entryId;
    qsizetype fingerprint = -1; // index into KnowledgeBase::fingerprints()
    double weight = 0.0;
    QHash<QString, QString> captures; // named groups that took part in the match
};

struct SearchHit
{
    QString entryId;
    double score = 0.0; // -bm25 within its group (phrase, all words, any word): larger is better
    QString snippet; // a short excerpt with the matched words in [brackets]
};

QString toString(EntryRole role);
QString toString(FingerprintRole role);
QString toString(Severity severity);
QString toString(Condition::Kind kind);
std::optional<EntryRole> entryRoleFromString(QStringView text);
std::optional<FingerprintRole> fingerprintRoleFromString(QStringView text);
std::optional<Severity> severityFromString(QStringView text);
std::optional<Condition::Kind> conditionKindFromString(QStringView text);

// The ten categories of the README, in their documented order.
const QStringList &categories();
// Precedence classes of initiating events, strongest first (README: "Verdict rules").
const QStringList &precedenceClasses();
// Gaps a `## Collect next` hint can name.
const QStringList &hintGaps();
// Relations a fingerprint's `points-at:` can name.
const QStringList &pointsAtKinds();
// Stable slug: [a-z0-9]+(-[a-z0-9]+)*
bool isValidId(QStringView id);
// Ranking order of entry roles when weights tie: initiating, either, collateral (lower is better).
int roleRank(EntryRole role);

// Lossless JSON form (the database column and `rankscope kb show --format json`).
QJsonObject toJson(const Entry &entry);
std::optional<Entry> entryFromJson(const QJsonObject &object, QString *error = nullptr);

} // namespace rankscope::kb
