package io.corpnet.directory.api;

import io.corpnet.directory.config.DirectoryConfig;
import io.corpnet.directory.model.AvatarImportRequest;
import io.corpnet.directory.model.DirectoryUser;
import io.corpnet.directory.storage.AvatarStore;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.w3c.dom.Document;

import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.directory.Attributes;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;
import javax.xml.namespace.QName;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

@Path("/directory")
@Produces(MediaType.APPLICATION_JSON)
public class UserDirectoryResource {

    private static final String[] USER_ATTRIBUTES = {"uid", "cn", "mail", "title", "department", "telephoneNumber"};

    private final DirContext ldap;
    private final DirectoryConfig config;
    private final Document orgChart;
    private final AvatarStore avatars;
    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    @Inject
    public UserDirectoryResource(DirContext ldap, DirectoryConfig config, Document orgChart, AvatarStore avatars) {
        this.ldap = ldap;
        this.config = config;
        this.orgChart = orgChart;
        this.avatars = avatars;
    }

    @GET
    @Path("/users")
    public List<DirectoryUser> searchUsers(@QueryParam("name") String name, @QueryParam("department") String department)
            throws NamingException {
        SearchControls controls = new SearchControls();
        controls.setSearchScope(SearchControls.SUBTREE_SCOPE);
        controls.setReturningAttributes(USER_ATTRIBUTES);
        controls.setCountLimit(50);

        String filter = "(&(objectClass=inetOrgPerson)(cn=" + name + "*)";
        if (department != null && !department.isBlank()) {
            filter += "(department=" + department + ")";
        }
        filter += ")";
        // expect: CWE-90
        NamingEnumeration<SearchResult> results = ldap.search(config.getUserBaseDn(), filter, controls);
        return collect(results);
    }

    @GET
    @Path("/users/{uid}")
    public DirectoryUser getUser(@PathParam("uid") String uid) throws NamingException {
        SearchControls controls = new SearchControls();
        controls.setSearchScope(SearchControls.SUBTREE_SCOPE);
        controls.setReturningAttributes(USER_ATTRIBUTES);
        NamingEnumeration<SearchResult> results = ldap.search(
                config.getUserBaseDn(), "(&(objectClass=inetOrgPerson)(uid={0}))", new Object[]{uid}, controls);
        List<DirectoryUser> users = collect(results);
        if (users.isEmpty()) {
            throw new NotFoundException();
        }
        return users.get(0);
    }

    @GET
    @Path("/org-chart/manager")
    @Produces(MediaType.TEXT_PLAIN)
    public String managerOf(@QueryParam("employeeId") String employeeId) throws XPathExpressionException {
        XPath xpath = XPathFactory.newInstance().newXPath();
        String expression = String.format("/orgChart//employee[@id='%s']/manager/@name", employeeId);
        // expect: CWE-643
        return xpath.evaluate(expression, orgChart);
    }

    @GET
    @Path("/org-chart/title")
    @Produces(MediaType.TEXT_PLAIN)
    public String titleOf(@QueryParam("employeeId") String employeeId) throws XPathExpressionException {
        XPath xpath = XPathFactory.newInstance().newXPath();
        xpath.setXPathVariableResolver((QName variable) -> "id".equals(variable.getLocalPart()) ? employeeId : null);
        return xpath.evaluate("/orgChart//employee[@id=$id]/@title", orgChart);
    }

    @POST
    @Path("/users/{uid}/avatar/import")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response importAvatar(@PathParam("uid") String uid, AvatarImportRequest request) throws IOException {
        byte[] image;
        // expect: CWE-918
        try (InputStream in = new URL(request.getImageUrl()).openStream()) {
            image = in.readNBytes(config.getMaxAvatarBytes());
        }
        avatars.put(uid, image);
        return Response.noContent().build();
    }

    @POST
    @Path("/users/{uid}/avatar/gravatar")
    public Response importGravatar(@PathParam("uid") String uid) throws IOException, InterruptedException {
        DirectoryUser user = getUser(uid);
        String emailHash = md5Hex(user.getMail().trim().toLowerCase(Locale.ROOT));
        URI gravatar = URI.create("https://www.gravatar.com/avatar/" + emailHash + "?s=256&d=404");
        HttpRequest req = HttpRequest.newBuilder(gravatar).timeout(Duration.ofSeconds(10)).GET().build();
        HttpResponse<byte[]> resp = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
        if (resp.statusCode() != 200) {
            return Response.status(Response.Status.NOT_FOUND).build();
        }
        avatars.put(uid, resp.body());
        return Response.noContent().build();
    }

    private static String md5Hex(String value) {
        try {
            MessageDigest md = MessageDigest.getInstance("MD5");
            return HexFormat.of().formatHex(md.digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<DirectoryUser> collect(NamingEnumeration<SearchResult> results) throws NamingException {
        List<DirectoryUser> users = new ArrayList<>();
        try {
            while (results.hasMore()) {
                Attributes attrs = results.next().getAttributes();
                DirectoryUser user = new DirectoryUser();
                user.setUid(attr(attrs, "uid"));
                user.setDisplayName(attr(attrs, "cn"));
                user.setMail(attr(attrs, "mail"));
                user.setTitle(attr(attrs, "title"));
                user.setDepartment(attr(attrs, "department"));
                user.setPhone(attr(attrs, "telephoneNumber"));
                users.add(user);
            }
        } finally {
            results.close();
        }
        return users;
    }

    private static String attr(Attributes attrs, String name) throws NamingException {
        return attrs.get(name) == null ? null : String.valueOf(attrs.get(name).get());
    }
}
