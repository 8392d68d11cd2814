package com.acme.helpdesk.attachments;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.springframework.stereotype.Service;
import org.springframework.web.multipart.MultipartFile;
import org.w3c.dom.Document;
import org.xml.sax.SAXException;

@Service
public class AttachmentStorageService {

    private static final Set<String> ALLOWED_EXT = Set.of("pdf", "png", "jpg", "jpeg", "txt", "log", "xml");
    private static final SecureRandom RNG = new SecureRandom();

    private final Path root;

    public AttachmentStorageService(AttachmentProperties props) throws IOException {
        this.root = props.getRoot().toRealPath();
    }

    public String store(long ticketId, MultipartFile file) throws IOException {
        String original = file.getOriginalFilename() == null ? "upload" : file.getOriginalFilename();
        String ext = original.contains(".") ? original.substring(original.lastIndexOf('.') + 1).toLowerCase() : "";
        if (!ALLOWED_EXT.contains(ext)) {
            throw new IllegalArgumentException("file type not allowed");
        }
        byte[] idBytes = new byte[16];
        RNG.nextBytes(idBytes);
        String storedName = HexFormat.of().formatHex(idBytes) + "." + ext;
        Path dir = root.resolve(Long.toString(ticketId));
        Files.createDirectories(dir);
        try (InputStream in = file.getInputStream()) {
            Files.copy(in, dir.resolve(storedName), StandardCopyOption.REPLACE_EXISTING);
        }
        return storedName;
    }

    public Path resolveForDownload(long ticketId, String storedName) throws IOException {
        Path ticketDir = root.resolve(Long.toString(ticketId));
        Path candidate = ticketDir.resolve(storedName).normalize();
        if (!candidate.startsWith(ticketDir) || !Files.isRegularFile(candidate)) {
            throw new SecurityException("invalid attachment reference");
        }
        Path real = candidate.toRealPath();
        if (!real.startsWith(root)) {
            throw new SecurityException("invalid attachment reference");
        }
        return real;
    }

    public String contentHash(Path file) throws IOException, NoSuchAlgorithmException {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        return HexFormat.of().formatHex(md5.digest(Files.readAllBytes(file)));
    }

    public Document parseXmlAttachment(Path file) throws IOException, ParserConfigurationException, SAXException {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        dbf.setFeature("http://xml.org/sax/features/external-general-entities", false);
        dbf.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        dbf.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        dbf.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        dbf.setXIncludeAware(false);
        dbf.setExpandEntityReferences(false);
        try (InputStream in = Files.newInputStream(file)) {
            return dbf.newDocumentBuilder().parse(in);
        }
    }

    public int countLogEvents(Path xmlLog) throws IOException, XMLStreamException {
        XMLInputFactory xif = XMLInputFactory.newFactory();
        xif.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        xif.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        int n = 0;
        try (InputStream in = Files.newInputStream(xmlLog)) {
            XMLStreamReader r = xif.createXMLStreamReader(in);
            while (r.hasNext()) {
                if (r.next() == XMLStreamReader.START_ELEMENT && "event".equals(r.getLocalName())) {
                    n++;
                }
            }
        }
        return n;
    }

    public Path thumbnail(long ticketId, String storedName) throws IOException, InterruptedException {
        Path src = resolveForDownload(ticketId, storedName);
        Path out = Files.createTempFile("thumb-", ".png");
        Process p = new ProcessBuilder(List.of("convert", src.toString() + "[0]", "-thumbnail", "256x256", out.toString()))
                .redirectErrorStream(true)
                .start();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("thumbnail failed");
        }
        return out;
    }
}
