// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bundlewriter.h"

#include <QDir>
#include <QFile>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::sim {

BundleWriter::BundleWriter(QString root)
    : m_root(std::move(root))
{ }

BundleWriter::~BundleWriter()
{
    finish();
}

bool BundleWriter::makeParent(const QString &rel)
{
    const qsizetype slash = rel.lastIndexOf(u'/');
    if (slash <= 0)
        return true;
    const QString dir = rel.left(slash);
    if (m_dirs.contains(dir))
        return true;
    if (!QDir(m_root).mkpath(dir)) {
        m_error = u"cannot create folder %1/%2"_s.arg(m_root, dir);
        return false;
    }
    m_dirs.insert(dir);
    return true;
}

OutFile *BundleWriter::open(const QString &rel, bool crlf, double truncateKeep)
{
    if (!makeParent(rel))
        return nullptr;
    auto file = std::make_unique<OutFile>(m_root + u'/' + rel, rel, &m_queue);
    if (!file->open()) {
        m_error = u"cannot write %1: %2"_s.arg(rel, file->errorString());
        return nullptr;
    }
    file->setCrlf(crlf);
    if (truncateKeep >= 0.0)
        file->setTruncateTail(truncateKeep);
    m_files.append(rel);
    m_open.push_back(std::move(file));
    return m_open.back().get();
}

bool BundleWriter::close(OutFile *file)
{
    const auto it = std::find_if(m_open.begin(), m_open.end(), [file](const auto &p) { return p.get() == file; });
    if (it == m_open.end())
        return true;
    const bool ok = (*it)->close();
    if (!ok && m_error.isEmpty())
        m_error = u"cannot write %1: %2"_s.arg((*it)->relPath(), (*it)->errorString());
    m_bytes += (*it)->bytes();
    m_lines += (*it)->lines();
    m_open.erase(it);
    return ok;
}

bool BundleWriter::writeWhole(const QString &rel, const QByteArray &content)
{
    if (!makeParent(rel))
        return false;
    QFile f(m_root + u'/' + rel);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(content) != content.size()) {
        m_error = u"cannot write %1: %2"_s.arg(rel, f.errorString());
        return false;
    }
    m_files.append(rel);
    m_bytes += content.size();
    m_lines += content.count('\n');
    return true;
}

void BundleWriter::closeAll()
{
    while (!m_open.empty())
        close(m_open.back().get());
}

bool BundleWriter::finish()
{
    closeAll();
    const QString e = m_queue.drain();
    if (!e.isEmpty() && m_error.isEmpty())
        m_error = e;
    return m_error.isEmpty();
}

QStringList BundleWriter::files() const
{
    QStringList list = m_files;
    std::sort(list.begin(), list.end());
    return list;
}

} // namespace rankscope::sim
