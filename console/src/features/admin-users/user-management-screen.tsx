export function UserManagementScreen() {
  return (
    <section aria-labelledby="user-management-heading">
      <h1 id="user-management-heading">User Management</h1>
    </section>
  );
}
