<?php
// Renders an invoice as HTML and converts it to PDF with wkhtmltopdf.
// Usage: invoice_pdf.php?id=123&template=classic.html&paper=A4

require __DIR__ . '/bootstrap.php';
require __DIR__ . '/includes/auth.php';
require_login();

$invoiceId = (int)($_GET['id'] ?? 0);
$template  = $_GET['template'] ?? 'classic.html';
$paper     = $_GET['paper'] ?? 'A4';
$copies    = max(1, min(5, (int)($_GET['copies'] ?? 1)));

$stmt = db()->prepare('SELECT i.*, c.name AS customer_name, c.address FROM invoices i JOIN customers c ON c.id = i.customer_id WHERE i.id = ? AND i.account_id = ?');
$stmt->execute([$invoiceId, current_account_id()]);
$invoice = $stmt->fetch();
if (!$invoice) {
    http_response_code(404);
    exit('Invoice not found');
}

$lines = db()->prepare('SELECT description, qty, unit_price FROM invoice_lines WHERE invoice_id = ?');
$lines->execute([$invoiceId]);

function e($value): string
{
    return htmlspecialchars((string)$value, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
}

// Templates live in templates/invoices/
$templateFile = __DIR__ . '/templates/invoices/' . $template;
// expect: CWE-22
$layout = file_get_contents($templateFile);
if ($layout === false) {
    http_response_code(400);
    exit('Unknown template');
}

$rowsHtml = '';
$total = 0.0;
foreach ($lines as $line) {
    $amount = $line['qty'] * $line['unit_price'];
    $total += $amount;
    $rowsHtml .= sprintf(
        '<tr><td>%s</td><td>%d</td><td>%.2f</td><td>%.2f</td></tr>',
        e($line['description']),
        (int)$line['qty'],
        $line['unit_price'],
        $amount
    );
}

$html = strtr($layout, [
    '{{customer}}' => e($invoice['customer_name']),
    '{{address}}'  => nl2br(e($invoice['address'])),
    '{{number}}'   => e($invoice['number']),
    '{{rows}}'     => $rowsHtml,
    '{{total}}'    => number_format($total, 2),
]);

if (isset($_GET['html'])) {
    echo $html;
    exit;
}

$tmpHtml = tempnam(sys_get_temp_dir(), 'inv') . '.html';
$tmpPdf  = tempnam(sys_get_temp_dir(), 'inv') . '.pdf';
file_put_contents($tmpHtml, $html);

$cmd = sprintf(
    'wkhtmltopdf --quiet --copies %d --page-size %s %s %s',
    $copies,
    $paper,
    escapeshellarg($tmpHtml),
    escapeshellarg($tmpPdf)
);
// expect: CWE-78
exec($cmd, $out, $rc);

if ($rc !== 0 || !is_file($tmpPdf)) {
    error_log('wkhtmltopdf failed: ' . implode("\n", $out));
    http_response_code(500);
    exit('PDF generation failed');
}

header('Content-Type: application/pdf');
header('Content-Disposition: inline; filename="invoice-' . $invoiceId . '.pdf"');
readfile($tmpPdf);
unlink($tmpHtml);
unlink($tmpPdf);
