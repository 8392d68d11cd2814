package com.acme.intranet.directory;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;

import javax.naming.Context;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.directory.Attributes;
import javax.naming.directory.DirContext;
import javax.naming.directory.InitialDirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;

public class DirectoryService {

    private static final String LDAP_URL = "ldaps://ad.corp.acme.local:636";
    private static final String SEARCH_BASE = "OU=Employees,DC=corp,DC=acme,DC=local";
    private static final String SERVICE_DN = "CN=svc_intranet,OU=ServiceAccounts,DC=corp,DC=acme,DC=local";
    // expect: CWE-798
    private static final String SERVICE_PASSWORD = "Winter2024!Intranet#7";

    public record Person(String displayName, String mail, String department, String phone) {}

    private DirContext bind() throws NamingException {
        Hashtable<String, String> env = new Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.ldap.LdapCtxFactory");
        env.put(Context.PROVIDER_URL, LDAP_URL);
        env.put(Context.SECURITY_AUTHENTICATION, "simple");
        env.put(Context.SECURITY_PRINCIPAL, SERVICE_DN);
        env.put(Context.SECURITY_CREDENTIALS, SERVICE_PASSWORD);
        env.put("com.sun.jndi.ldap.connect.timeout", "3000");
        return new InitialDirContext(env);
    }

    static String escapeFilter(String value) {
        StringBuilder sb = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            switch (c) {
                case '\\' -> sb.append("\\5c");
                case '*' -> sb.append("\\2a");
                case '(' -> sb.append("\\28");
                case ')' -> sb.append("\\29");
                case '\0' -> sb.append("\\00");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static SearchControls controls() {
        SearchControls sc = new SearchControls();
        sc.setSearchScope(SearchControls.SUBTREE_SCOPE);
        sc.setReturningAttributes(new String[] {"displayName", "mail", "department", "telephoneNumber"});
        sc.setCountLimit(100);
        sc.setTimeLimit(5000);
        return sc;
    }

    private static String attr(Attributes a, String name) throws NamingException {
        return a.get(name) == null ? null : String.valueOf(a.get(name).get());
    }

    private List<Person> collect(NamingEnumeration<SearchResult> results) throws NamingException {
        List<Person> people = new ArrayList<>();
        while (results.hasMore()) {
            Attributes a = results.next().getAttributes();
            people.add(new Person(attr(a, "displayName"), attr(a, "mail"), attr(a, "department"), attr(a, "telephoneNumber")));
        }
        return people;
    }

    /** Used by the "who's who" search box. */
    public List<Person> searchByName(String name, String department) throws NamingException {
        DirContext ctx = bind();
        try {
            String filter = "(&(objectCategory=person)(objectClass=user)(|(givenName=" + name + "*)(sn=" + name + "*))";
            if (department != null && !department.isEmpty()) {
                filter = filter + "(department=" + department + ")";
            }
            filter = filter + ")";
            // expect: CWE-90
            return collect(ctx.search(SEARCH_BASE, filter, controls()));
        } finally {
            ctx.close();
        }
    }

    /** Used by the profile page, login already verified the account name. */
    public List<Person> findByAccount(String samAccountName) throws NamingException {
        DirContext ctx = bind();
        try {
            String filter = "(&(objectClass=user)(sAMAccountName=" + escapeFilter(samAccountName) + "))";
            return collect(ctx.search(SEARCH_BASE, filter, controls()));
        } finally {
            ctx.close();
        }
    }

    public List<Person> findByManager(String managerDn) throws NamingException {
        DirContext ctx = bind();
        try {
            return collect(ctx.search(SEARCH_BASE, "(&(objectClass=user)(manager={0}))", new Object[] {managerDn}, controls()));
        } finally {
            ctx.close();
        }
    }
}
