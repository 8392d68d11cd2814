package travel.skyroute.partners;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;

import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;

@Path("/partners/webhooks")
public class PartnerWebhookResource {

    private static final Set<String> ALLOWED_CALLBACK_HOSTS = Set.of("hooks.skyroute.travel", "partner-gw.skyroute.travel");
    private static final String LEGACY_GDS_USER = "skyroute_gds";
    // expect: CWE-798
    private static final String LEGACY_GDS_PASSWORD = "Wq83!fareSync-Prod2022";

    @Inject
    MongoClient mongo;

    @ConfigProperty(name = "partners.signing-key")
    String signingKey;

    @ConfigProperty(name = "partners.legacy-des-key")
    String legacyDesKey;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private MongoCollection<Document> bookings() {
        return mongo.getDatabase("skyroute").getCollection("bookings");
    }

    @GET
    @Path("/bookings")
    public List<Document> bookingsByAgency(@QueryParam("agency") String agency, @QueryParam("status") String status) {
        return bookings().find(Filters.and(Filters.eq("agencyCode", agency), Filters.eq("status", status)))
                .into(new ArrayList<>());
    }

    @GET
    @Path("/bookings/advanced")
    public List<Document> bookingsAdvanced(@QueryParam("agency") String agency) {
        String json = "{ \"agencyCode\": \"" + agency + "\", \"archived\": false }";
        // expect: CWE-943
        return bookings().find(Document.parse(json)).into(new ArrayList<>());
    }

    @POST
    @Path("/test-delivery")
    public Response testDelivery(@QueryParam("callback") String callbackUrl) throws IOException, InterruptedException {
        HttpRequest probe = HttpRequest.newBuilder()
                .uri(URI.create(callbackUrl))
                .timeout(Duration.ofSeconds(5))
                .GET()
                .build();
        // expect: CWE-918
        HttpResponse<String> reply = http.send(probe, HttpResponse.BodyHandlers.ofString());
        return Response.ok(reply.body()).build();
    }

    @POST
    @Path("/deliver")
    public Response deliver(@QueryParam("callback") String callbackUrl, String event) throws IOException, InterruptedException {
        URI target = URI.create(callbackUrl);
        if (!"https".equals(target.getScheme()) || !ALLOWED_CALLBACK_HOSTS.contains(target.getHost())) {
            return Response.status(Response.Status.BAD_REQUEST).build();
        }
        if (InetAddress.getByName(target.getHost()).isSiteLocalAddress()) {
            return Response.status(Response.Status.BAD_REQUEST).build();
        }
        HttpRequest req = HttpRequest.newBuilder(target)
                .header("X-Skyroute-Signature", Signatures.hmacSha256(signingKey, event))
                .POST(HttpRequest.BodyPublishers.ofString(event))
                .build();
        int status = http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
        return Response.status(status < 300 ? 204 : 502).build();
    }

    public String encryptForLegacyGds(String pnr) throws Exception {
        SecretKeySpec key = new SecretKeySpec(Base64.getDecoder().decode(legacyDesKey), "DES");
        // expect: CWE-327
        Cipher cipher = Cipher.getInstance("DES/ECB/PKCS5Padding");
        cipher.init(Cipher.ENCRYPT_MODE, key);
        return Base64.getEncoder().encodeToString(cipher.doFinal(pnr.getBytes(StandardCharsets.UTF_8)));
    }

    public LegacyGdsSession openLegacySession() {
        return LegacyGdsSession.connect("gds-legacy.internal:7001", LEGACY_GDS_USER, LEGACY_GDS_PASSWORD);
    }
}
