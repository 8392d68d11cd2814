package org.stlukes.ehr.api;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.owasp.encoder.Encode;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

@Path("/patients")
public class PatientRecordResource {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    DirContext staffDirectory;

    @Inject
    PatientRepository patients;

    @Inject
    PortalAccountRepository portalAccounts;

    @POST
    @Path("/import/ccd")
    @Consumes(MediaType.APPLICATION_XML)
    public Response importContinuityOfCare(InputStream body) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        DocumentBuilder builder = dbf.newDocumentBuilder();
        // expect: CWE-611
        Document ccd = builder.parse(body);
        Element root = ccd.getDocumentElement();
        String mrn = root.getElementsByTagName("patientId").item(0).getTextContent();
        patients.upsertFromCcd(mrn, ccd);
        return Response.accepted().build();
    }

    @POST
    @Path("/import/lab-results")
    @Consumes(MediaType.APPLICATION_XML)
    public Response importLabResults(InputStream body) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        dbf.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        dbf.setXIncludeAware(false);
        dbf.setExpandEntityReferences(false);
        Document labs = dbf.newDocumentBuilder().parse(body);
        patients.storeLabResults(labs);
        return Response.accepted().build();
    }

    @GET
    @Path("/care-team")
    @Produces(MediaType.APPLICATION_JSON)
    public List<String> findCareTeam(@QueryParam("department") String department) throws NamingException {
        SearchControls controls = new SearchControls();
        controls.setSearchScope(SearchControls.SUBTREE_SCOPE);
        controls.setReturningAttributes(new String[] {"cn", "mail"});
        String filter = "(&(objectClass=person)(departmentNumber=" + department + "))";
        // expect: CWE-90
        NamingEnumeration<SearchResult> results = staffDirectory.search("ou=staff,dc=stlukes,dc=org", filter, controls);
        List<String> names = new ArrayList<>();
        while (results.hasMore()) {
            names.add(String.valueOf(results.next().getAttributes().get("cn").get()));
        }
        return names;
    }

    @GET
    @Path("/on-call")
    @Produces(MediaType.APPLICATION_JSON)
    public List<String> findOnCall(@QueryParam("ward") String ward) throws NamingException {
        SearchControls controls = new SearchControls();
        controls.setSearchScope(SearchControls.SUBTREE_SCOPE);
        NamingEnumeration<SearchResult> results = staffDirectory.search(
                "ou=staff,dc=stlukes,dc=org", "(&(objectClass=person)(ward={0})(onCall=TRUE))",
                new Object[] {ward}, controls);
        List<String> names = new ArrayList<>();
        while (results.hasMore()) {
            names.add(results.next().getNameInNamespace());
        }
        return names;
    }

    @GET
    @Path("/{mrn}/summary")
    @Produces(MediaType.TEXT_HTML)
    public String summary(@PathParam("mrn") String mrn, @QueryParam("note") String note) {
        Patient p = patients.findByMrn(mrn);
        StringBuilder html = new StringBuilder("<section class=\"summary\">");
        html.append("<h2>").append(Encode.forHtml(p.getDisplayName())).append("</h2>");
        html.append("<p class=\"mrn\">").append(Encode.forHtml(mrn)).append("</p>");
        html.append("<aside>").append(note).append("</aside></section>");
        // expect: CWE-79
        return html.toString();
    }

    @POST
    @Path("/portal/register")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response registerPortalAccount(@jakarta.ws.rs.FormParam("email") String email,
                                          @jakarta.ws.rs.FormParam("password") String password)
            throws NoSuchAlgorithmException {
        MessageDigest md = MessageDigest.getInstance("MD5");
        // expect: CWE-328
        byte[] digest = md.digest(password.getBytes(StandardCharsets.UTF_8));
        byte[] activation = new byte[24];
        RANDOM.nextBytes(activation);
        portalAccounts.create(email, HexFormat.of().formatHex(digest), HexFormat.of().formatHex(activation));
        return Response.status(Response.Status.CREATED).build();
    }

    @GET
    @Path("/{mrn}/photo-etag")
    public Response photoEtag(@PathParam("mrn") String mrn) throws NoSuchAlgorithmException {
        byte[] photo = patients.loadPhoto(mrn);
        String etag = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(photo));
        return Response.ok().tag(etag).build();
    }
}
